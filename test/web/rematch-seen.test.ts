// "Play again" with a person: the other player sees the rematch without being told out of band. Bob
// (a third-party client over the API) plays a short game with Ann and proposes its rematch; Ann's
// browser shows it at the top of her games, her old game's page says a rematch was proposed, and the
// rematch's page lets her join it (no code: the seat is kept for her). The real site over real HTTP, in a
// real browser; every reply the pages get is checked against the contract.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat } from '../e2e/client';
import { isolatedPage, launchBrowser } from '../support/browser';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { expectClean, type Player } from './support/player';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';

let served: ServedApp;
let browser: Browser;
const site = {
  get baseUrl() {
    return served.baseUrl;
  },
  get browser() {
    return browser;
  },
};

beforeAll(async () => {
  // Bob and Ann play the old game out through the API at machine speed: the per-player limit is lifted.
  served = await serveApp(
    inject('dynamoEndpoint'),
    { limits: { pollMs: 40, perPlayer: { burst: 1e6, perSecond: 1e6 } } },
    checkFetched,
  );
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** Plays a started game out through the API: whoever's turn it is makes their first legal move. */
async function playOut(seats: readonly Seat[], id: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const table = await seats[0]!.view(id);
    if (table.status !== 'playing') return;
    const seat = seats[table.hand?.turn ?? 0]!;
    const mine = await seat.view(id);
    await seat.move(id, mine.version, mine.legalMoves[0]!);
  }
  throw new Error('the game does not end');
}

describe('a rematch proposed by another player', () => {
  it('shows in your games, on the old game’s page, and its page lets you join it', async () => {
    const { baseUrl } = site;
    const [bob, annSeat] = [await Seat.register(baseUrl, 'Bob'), await Seat.register(baseUrl, 'Ann')];
    const first = await bob.create(2, { set: 6, handSize: 2, doubleBlank: 0 });
    await annSeat.join(first.id, first.inviteCode!);
    await playOut([bob, annSeat], first.id);
    const proposed = await fetch(`${baseUrl}/v1/games/${first.id}/rematch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob.token}`, 'idempotency-key': `rematch-seen-${process.pid}` },
    });
    expect(proposed.status).toBe(201);
    const next = ((await proposed.json()) as { game: { id: string } }).game.id;

    const isolated = await isolatedPage(site.browser, VIEWPORTS.desktop);
    const ann: Player = { ...isolated, name: 'Ann', device: 'desktop' };
    await signInAs(isolated.context, baseUrl, annSeat);
    const { page } = ann;
    await page.goto(`${baseUrl}/`);
    // First in her games, saying what it is.
    const item = page.locator('.game-item').first();
    await item.waitFor();
    expect(await item.locator('a').getAttribute('href')).toBe(`/games/${next}`);
    expect(await item.locator('.state').textContent()).toBe('a rematch: a seat is kept for you · open it to join');
    await screenshot(page, 'rematch-seen-home-desktop');

    // The old game's page knows of it: its button now goes to the rematch (it would join her there).
    await page.goto(`${baseUrl}/games/${first.id}`);
    await page.locator('body[data-ready=true]').waitFor();
    await page.getByText('A rematch was proposed').waitFor();
    expect(await page.getByRole('button', { name: 'Go to the rematch' }).count()).toBe(1);

    // The rematch's own page, opened from her games: her seat kept, nothing to leave, one button to join.
    await page.goto(`${baseUrl}/`);
    await page.locator(`.game-item a[href="/games/${next}"]`).click();
    await page.waitForURL((url) => url.pathname === `/games/${next}`);
    await page.locator('body[data-ready=true]').waitFor();
    await screenshot(page, 'rematch-seen-invited-desktop');
    expect(await page.getByRole('button', { name: 'Leave this game' }).count()).toBe(0);
    // Ann joins: everyone is back, so it starts.
    await page.getByRole('button', { name: 'Join the rematch' }).click();
    await page.locator('body[data-status=playing]').waitFor();
    const seen = await annSeat.view(next);
    expect([seen.status, seen.yourSeat, seen.seats[seen.yourSeat]!.player?.name]).toEqual(['playing', 1, 'Ann']);
    expectClean(ann);
  }, 120_000);
});
