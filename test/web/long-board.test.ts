// A long hand on every set (double-6 to double-15), played through the API, then looked at in a real
// browser on a phone and a desktop: no two tiles (nor open ends) overlap on the screen, checked from
// the elements' own boxes; every tile has a name; the keyboard alone can pick a tile and play it.
import { fisherYates } from '@chickenfoot/rules';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat } from '../e2e/client';
import { chooser } from '../e2e/play-loop';
import { isolatedPage, launchBrowser } from '../support/browser';
import { serveApp, type ServedApp } from '../support/serve';
import { distance, drawnBoxes, overlaps, pipSizes, toesAndDoubles, usedShare } from './support/board-boxes';
import { arrowToTile, focused, press, tabTo } from './support/keyboard';
import { waitPast, type Player } from './support/player';
import { playLongHand } from './support/long-hand';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';

let served: ServedApp;
let browser: Browser;
let seats: Seat[];
/** Per case: the game, and how many tiles its board holds. */
const boards = new Map<string, { id: string; tiles: number }>();
let bigHand: string;
// Two players get most of the set, so the first hand alone grows long lines; the board is looked at
// once it holds `grown` tiles (or a seat is down to two, so the hand is still on). And four players
// on double-9 with the usual deal, as a table of friends plays it.
const CASES = [
  { set: 6, players: 2, handSize: 12, grown: 22 },
  { set: 9, players: 2, handSize: 25, grown: 42 },
  { set: 9, players: 4, handSize: 11, grown: 34 },
  { set: 12, players: 2, handSize: 40, grown: 65 },
  { set: 15, players: 2, handSize: 60, grown: 90 },
] as const;
/** The least width of a pip a person can count, in CSS pixels (a pip is a dot, not a speck). */
const COUNTABLE_PX = 3;
const name = (c: (typeof CASES)[number]) => `double-${c.set} for ${c.players}`;
/** The smallest pip drawn, per case and device, for the closing line. */
const smallest: string[] = [];

const TILE_NAME = /^\d{1,2}-\d{1,2}(, the root| on the \d{1,2} of (spoke [1-6]|toe [1-3] of the \d{1,2}-\d{1,2}))$/;

beforeAll(async () => {
  // The API plays at machine speed here, far faster than a person: the per-player rate limit is lifted.
  // Deals come from a seeded shuffle: the same boards each run.
  const random = chooser(15);
  const shuffle = fisherYates((n) => random([...Array(n).keys()]));
  const limits = { perPlayer: { burst: 1e6, perSecond: 1e6 } };
  served = await serveApp(inject('dynamoEndpoint'), { limits, shuffle });
  browser = await launchBrowser();
  seats = await Promise.all(['Ann', 'Bob', 'Cy', 'Di'].map((name) => Seat.register(served.baseUrl, name)));
  for (const c of CASES) {
    const game = await seats[0]!.create(c.players, { set: c.set, handSize: c.handSize });
    for (const seat of seats.slice(1, c.players)) await seat.join(game.id, game.inviteCode ?? '');
    const view = await playLongHand(game.id, seats.slice(0, c.players), c.grown);
    boards.set(name(c), { id: game.id, tiles: view.hand!.board.length });
  }
  // A fresh double-9 game for two: 21 tiles in each hand (the highest double held opens, so nobody
  // draws for the opener whatever the deal).
  const fresh = await seats[0]!.create(2, { set: 9, opening: 'next-highest' });
  await seats[1]!.join(fresh.id, fresh.inviteCode ?? '');
  bigHand = fresh.id;
  console.log(`long boards: ${CASES.map((c) => `${name(c)} ${boards.get(name(c))!.tiles} tiles`).join(', ')}`);
}, 240_000);
// Each case's page is closed after it: an open page keeps its long-polls, and a player holds 4 at most.
const contexts: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  console.log(`smallest pip drawn (CSS px across), fitted: ${smallest.join(', ')}`);
  await browser?.close();
  await served?.close();
});

describe('the board of a long hand, in the browser', () => {
  for (const c of CASES)
    for (const device of ['phone', 'desktop'] as const) {
      it(`lays a ${name(c)} hand out on a ${device}: no overlaps, pips to count, toes on their doubles, the root marked`, async () => {
        const { id: gameId, tiles } = boards.get(name(c))!;
        // Most of the way to `grown` at least: a hand cut short by a seat down to two tiles still counts.
        expect(tiles).toBeGreaterThanOrEqual(Math.round(c.grown * 0.8));
        const { page, context, blocked, errors } = await isolatedPage(browser, VIEWPORTS[device]);
        contexts.push(context);
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
        // The zoom buttons lie outside the board's window: over it, they would hide the tiles beneath
        // them and take the press meant for an end (a fitted board cannot be panned out from under them).
        const [tools, window] = await Promise.all(['.board-tools', '#board'].map((s) => page.locator(s).boundingBox()));
        expect(tools!.y + tools!.height, 'the zoom buttons end above the board').toBeLessThanOrEqual(window!.y + 0.5);
        await screenshot(page, `long-board-${c.set}-${c.players}-${device}`);

        // Every pip can be counted: at least COUNTABLE_PX across, and a board too big for that pans.
        const pips = await pipSizes(page);
        smallest.push(`${name(c)} ${device} ${pips[0]!.toFixed(2)}`);
        expect(pips[0]).toBeGreaterThanOrEqual(COUNTABLE_PX - 0.01);
        // Every toe lies beside its double (a third of a tile’s width away at most; a link is a whole half-tile), never off on a link.
        const toes = await toesAndDoubles(page);
        expect(toes.length).toBeGreaterThan(0);
        const apart = toes.filter(({ toe, double, side }) => distance(toe, double) > 0.35 * side);
        expect(
          apart.map(
            ({ toe, double, side }) => `${toe.label} / ${double.label}: ${(distance(toe, double) / side).toFixed(2)}`,
          ),
        ).toEqual([]);
        // The root stands out: one tile, drawn in another colour than the rest.
        const fills = await page.evaluate<string[]>(
          `[...document.querySelectorAll('svg.table g.tile.root rect.face, svg.table g.tile:not(.root) rect.face')].slice(0, 2).map((r) => getComputedStyle(r).fill)`,
        );
        expect(await page.locator('svg.table g.tile.root').count()).toBe(1);
        expect(fills[0]).not.toBe(fills[1]);
        // The board uses its box: the tiles span most of it, or overflow it to pan.
        const used = await usedShare(page);
        expect(used.pans || used.share > 0.45, JSON.stringify(used)).toBe(true);

        // Zoomed in twice, the board is bigger than its box and pans by scrolling; still no overlaps.
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await page.getByRole('button', { name: 'Zoom in' }).click();
        const zoomed = await drawnBoxes(page);
        expect(overlaps(zoomed)).toEqual([]);
        const width = (d: typeof drawn) =>
          Math.max(...d.flatMap((t) => t.corners.map(([x]) => x))) -
          Math.min(...d.flatMap((t) => t.corners.map(([x]) => x)));
        expect(width(zoomed)).toBeGreaterThan(width(drawn));
        const board = page.locator('#board');
        expect(await board.evaluate((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight)).toBe(
          true,
        );
        await screenshot(page, `long-board-${c.set}-${c.players}-zoomed-${device}`);

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
      contexts.push(context);
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

  it('can be played with the keyboard alone: Tab to the hand, arrows to a tile, Enter, Shift+Tab to the board, arrows among its ends, Enter', async () => {
    const gameId = boards.get('double-15 for 2')!.id;
    const view = await seats[0]!.view(gameId);
    const mover = view.hand!.turn!;
    const { page, context, errors } = await isolatedPage(browser, VIEWPORTS.desktop);
    contexts.push(context);
    await signInAs(context, served.baseUrl, seats[mover]!);
    await page.goto(`${served.baseUrl}/games/${gameId}`);
    await page.locator('body[data-ready=true]').waitFor();
    const version = Number(await page.locator('body').getAttribute('data-version'));
    const keys = { tabs: 0, arrows: 0, enters: 0 };

    // The first Tab offers the way to the hand; then Tab reaches a tile.
    const skip = await tabTo(page, keys, (f) => f.text === 'Skip to your hand', { most: 1 });
    expect(skip.tag).toBe('a');
    await press(page, 'Enter', keys);
    await tabTo(page, keys, (f) => f.tile !== null, { most: 3 });
    // A tile that fits several ends (so it is picked, not played at once), reached by the arrows.
    const own = await seats[mover]!.view(gameId);
    const ends = new Map<string, number>();
    for (const m of own.legalMoves) if (m.type === 'play') ends.set(m.tile, (ends.get(m.tile) ?? 0) + 1);
    const tile = [...ends].find(([, n]) => n > 1)?.[0];
    expect(tile, 'the mover holds a tile that fits several ends').toBeDefined();
    await arrowToTile(page, keys, tile!);
    await press(page, 'Enter', keys);
    expect((await focused(page)).pressed).toBe('true');
    // The board's ends are one Tab stop, just before the hand: the first end the tile fits.
    const end = await tabTo(page, keys, (f) => f.end !== null, { back: true, most: 3 });
    expect(end.classes).toContain('fits');
    expect(end.text).toMatch(/^Play \d+-\d+ on the \d+ of (spoke|toe) /);
    // The arrows go round the ends, each named, back to one the tile fits.
    await press(page, 'ArrowRight', keys);
    const next = await focused(page);
    expect(next.end).not.toBeNull();
    expect(next.end).not.toBe(end.end);
    for (let i = 0; i < 40 && !(await focused(page)).classes.includes('fits'); i++)
      await press(page, 'ArrowRight', keys);
    expect((await focused(page)).classes).toContain('fits');
    await press(page, 'Enter', keys);
    await waitPast({ page } as Player, version);
    expect(await page.locator('#move-problem').textContent()).toBe('');
    // Focus stays in the hand after the move, on a tile, ready for the next.
    await expect.poll(async () => (await focused(page)).tile).not.toBeNull();
    console.log(`keyboard, one play on a long board: ${keys.tabs} Tabs, ${keys.arrows} arrows, ${keys.enters} Enters`);
    expect(errors).toEqual([]);
  }, 60_000);
});
