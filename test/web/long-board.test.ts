// A long hand on every set (double-6 to double-15), played through the API, then looked at in a real
// browser on a phone and a desktop: no two tiles (nor open ends) overlap on the screen, checked from
// the elements' own boxes; every tile has a name; the keyboard alone can pick a tile and play it.
import { fisherYates } from '@chickenfoot/rules';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat } from '../e2e/client';
import { chooser } from '../e2e/play-loop';
import { isolatedPage, launchBrowser } from '../support/browser';
import { serveApp, type ServedApp } from '../support/serve';
import { drawnBoxes, overlaps } from './support/board-boxes';
import { waitPast, type Player } from './support/player';
import { playLongHand } from './support/long-hand';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';

let served: ServedApp;
let browser: Browser;
let seats: Seat[];
/** Per set: the game, and how many tiles its board holds. */
const boards = new Map<number, { id: string; tiles: number }>();
let bigHand: string;
// Two players get most of the set, so the first hand alone grows long lines; the board is looked at
// once it holds `grown` tiles (or a seat is down to two, so the hand is still on).
const SETS = [
  { set: 6, handSize: 12, grown: 22 },
  { set: 9, handSize: 25, grown: 42 },
  { set: 12, handSize: 40, grown: 65 },
  { set: 15, handSize: 60, grown: 90 },
] as const;

const TILE_NAME = /^\d{1,2}-\d{1,2}(, the root| on the \d{1,2} of (spoke [1-6]|toe [1-3] of the \d{1,2}-\d{1,2}))$/;

beforeAll(async () => {
  // The API plays at machine speed here, far faster than a person: the per-player rate limit is lifted.
  // Deals come from a seeded shuffle: the same boards each run.
  const random = chooser(15);
  const shuffle = fisherYates((n) => random([...Array(n).keys()]));
  const limits = { perPlayer: { burst: 1e6, perSecond: 1e6 } };
  served = await serveApp(inject('dynamoEndpoint'), { limits, shuffle });
  browser = await launchBrowser();
  seats = await Promise.all(['Ann', 'Bob'].map((name) => Seat.register(served.baseUrl, name)));
  for (const { set, handSize, grown } of SETS) {
    const game = await seats[0]!.create(2, { set, handSize });
    await seats[1]!.join(game.id, game.inviteCode ?? '');
    const view = await playLongHand(game.id, seats, grown);
    boards.set(set, { id: game.id, tiles: view.hand!.board.length });
  }
  // A fresh default double-9 game for two: 21 tiles in each hand.
  const fresh = await seats[0]!.create(2, { set: 9 });
  await seats[1]!.join(fresh.id, fresh.inviteCode ?? '');
  bigHand = fresh.id;
  console.log(`long boards: ${SETS.map(({ set }) => `double-${set} ${boards.get(set)!.tiles} tiles`).join(', ')}`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe('the board of a long hand, in the browser', () => {
  for (const { set, grown } of SETS)
    for (const device of ['phone', 'desktop'] as const) {
      it(`lays every tile of a double-${set} hand out without overlaps on a ${device}, fitted and zoomed in`, async () => {
        const { id: gameId, tiles } = boards.get(set)!;
        // Most of the way to `grown` at least: a hand cut short by a seat down to two tiles still counts.
        expect(tiles).toBeGreaterThanOrEqual(Math.round(grown * 0.8));
        const { page, context, blocked, errors } = await isolatedPage(browser, VIEWPORTS[device]);
        await signInAs(context, served.baseUrl, seats[0]!);
        await page.goto(`${served.baseUrl}/games/${gameId}`);
        await page.locator('body[data-ready=true]').waitFor();

        const drawn = await drawnBoxes(page);
        expect(drawn).toHaveLength(tiles);
        expect(overlaps(drawn)).toEqual([]);
        const ends = await drawnBoxes(page, 'svg.table g.end rect.ghost');
        expect(ends.length).toBeGreaterThan(0);
        expect(overlaps(ends, drawn)).toEqual([]);
        expect(overlaps(ends)).toEqual([]);
        for (const { label } of drawn) expect(label).toMatch(TILE_NAME);
        await screenshot(page, `long-board-${set}-${device}`);

        // Zoomed in twice, the board is bigger than its box and pans by scrolling; still no overlaps.
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await page.getByRole('button', { name: 'Zoom in' }).click();
        const zoomed = await drawnBoxes(page);
        expect(overlaps(zoomed)).toEqual([]);
        const width = (d: typeof drawn) => Math.max(...d.flatMap((t) => t.corners.map(([x]) => x)));
        expect(width(zoomed)).toBeGreaterThan(width(drawn));
        const board = page.locator('#board');
        expect(await board.evaluate((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight)).toBe(
          true,
        );
        await screenshot(page, `long-board-${set}-zoomed-${device}`);

        expect(blocked).toEqual([]);
        expect(errors).toEqual([]);
      }, 60_000);
    }

  for (const device of ['desktop', 'phone'] as const) {
    it(`shows ${device === 'desktop' ? 'all' : '16'} of a 21-tile hand at once on a ${device}, the rest a scroll away`, async () => {
      // The seat that did not place the root holds its whole deal.
      const view = await seats[0]!.view(bigHand);
      const holder = view.seats.reduce((a, b) => (b.tileCount > a.tileCount ? b : a));
      expect(holder.tileCount).toBe(21);
      const { page, context, errors } = await isolatedPage(browser, VIEWPORTS[device]);
      await signInAs(context, served.baseUrl, seats[holder.seat]!);
      await page.goto(`${served.baseUrl}/games/${bigHand}`);
      await page.locator('body[data-ready=true]').waitFor();
      expect(await page.locator('.hand-button').count()).toBe(21);
      // In view: wholly inside the hand's box as it is shown (not scrolled), and at least 28 px wide.
      const seen = await page.locator('.hand').evaluate((hand) => {
        const box = hand.getBoundingClientRect();
        return [...hand.querySelectorAll('.hand-button')].filter((b) => {
          const r = b.getBoundingClientRect();
          return (
            r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom && r.width >= 28
          );
        }).length;
      });
      expect(seen).toBe(device === 'desktop' ? 21 : 16);
      await screenshot(page, `hand-21-${device}`);
      expect(errors).toEqual([]);
    }, 60_000);
  }

  it('can be played with the keyboard alone: a tile of the hand, then an end of the board', async () => {
    const gameId = boards.get(15)!.id;
    const view = await seats[0]!.view(gameId);
    const mover = view.hand!.turn!;
    const { page, context, errors } = await isolatedPage(browser, VIEWPORTS.desktop);
    await signInAs(context, served.baseUrl, seats[mover]!);
    await page.goto(`${served.baseUrl}/games/${gameId}`);
    await page.locator('body[data-ready=true]').waitFor();
    const version = Number(await page.locator('body').getAttribute('data-version'));

    const tile = page.locator('.hand-button.playable').first();
    await tile.focus();
    await page.keyboard.press('Enter');
    expect(await tile.getAttribute('aria-pressed')).toBe('true');
    // Tab order reaches the ends on the board (buttons once a tile is picked), named for a screen reader.
    const end = page.locator('svg.table g.end.fits').first();
    expect(await end.getAttribute('aria-label')).toMatch(/^Play \d+-\d+ on the \d+ of (spoke|toe) /);
    await end.focus();
    await page.keyboard.press('Enter');
    await waitPast({ page } as Player, version);
    expect(await page.locator('#move-problem').textContent()).toBe('');
    expect(errors).toEqual([]);
  }, 60_000);
});
