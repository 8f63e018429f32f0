// Catching up, in a real browser: a page left open follows the other player's moves by itself (no
// reload, nothing on the page shifting as the hand and the news change); a page opened again later
// says what happened since the last visit, as the API tells it, down to the hands' ends and the winners.
import { SEEN_PREFIX } from '@chickenfoot/web';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat, type Move } from '../e2e/client';
import { chooser, playToTheEnd } from '../e2e/play-loop';
import { isolatedPage, launchBrowser, type IsolatedPage } from '../support/browser';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { pageState, waitPast, type Player } from './support/player';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';

let served: ServedApp;
let browser: Browser;

beforeAll(async () => {
  // The API plays the game out at machine speed here: the per-player rate limit is lifted.
  const limits = { pollMs: 40, perPlayer: { burst: 1e6, perSecond: 1e6 } };
  served = await serveApp(inject('dynamoEndpoint'), { limits }, checkFetched);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

// Every layout shift the page makes, whatever caused it (input or not): what moved, where it was and where it went.
const WATCH_SHIFTS = `window.shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    for (const s of e.sources || []) {
      const el = s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement);
      const what = !el ? '?' : el.closest('.hand') ? 'hand' : el.closest('#news') ? 'news' :
        (el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + (el.className.baseVal ?? el.className));
      const r = (b) => [b.x, b.y, b.width, b.height].map(Math.round).join(',');
      window.shifts.push({ what, from: r(s.previousRect), to: r(s.currentRect) });
    }
  }
}).observe({ type: 'layout-shift', buffered: true });`;

type Shift = { what: string; from: string; to: string };

/** The game page of `seat`, in its own browser context (so its own localStorage, kept between visits). */
async function openGame(page: IsolatedPage['page'], gameId: string) {
  await page.goto(`${served.baseUrl}/games/${gameId}`);
  await page.locator('body[data-ready=true]').waitFor();
}

describe('catching up on the web client', () => {
  it('follows the game while open, without reloading or shifting; says what happened since the last visit', async () => {
    const seats = await Promise.all(['Ann', 'Bob'].map((name) => Seat.register(served.baseUrl, name)));
    const [ann, bob] = seats as [Seat, Seat];
    const created = await ann.create(2, { set: 6, handSize: 6, opening: 'next-highest' });
    await bob.join(created.id, created.inviteCode ?? '');
    const id = created.id;

    const isolated = await isolatedPage(browser, VIEWPORTS.desktop);
    const { context } = isolated;
    const player: Player = { ...isolated, name: 'Ann', device: 'desktop' };
    await signInAs(context, served.baseUrl, ann);
    await context.addInitScript(WATCH_SHIFTS);
    const { page } = player;
    await openGame(page, id);
    // A first visit: the game so far, no "since your last visit".
    expect(await page.getByRole('heading', { name: 'The game so far' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Since your last visit' }).count()).toBe(0);
    await page.evaluate('window.sameDocument = true; window.shifts = []');

    // Bob moves through the API, Ann by clicking, until each has moved a few times.
    const choose = chooser(3);
    let bobs = 0;
    let anns = 0;
    for (let i = 0; (bobs < 3 || anns < 2) && i < 40; i++) {
      const view = await ann.view(id);
      if (view.status !== 'playing' || view.hand?.index !== 0) break;
      const { version } = await pageState(player);
      if (view.hand.turn === 1) {
        const own = await bob.view(id);
        const moves = own.legalMoves.filter((m: Move) => m.type === 'play' || m.type === 'pass');
        if (moves.length === 0) continue;
        await bob.move(id, own.version, choose(moves));
        bobs++;
        // Ann's page hears of it by itself and shows it: the news, Bob's tile count.
        await waitPast(player, Math.max(version, own.version));
        const after = await bob.view(id);
        await expect
          .poll(() => page.locator('.seat[data-seat="1"] .count').textContent())
          .toBe(`${after.seats[1]!.tileCount} tile${after.seats[1]!.tileCount === 1 ? '' : 's'}`);
      } else if (view.hand.turn === 0) {
        if (view.version !== version) await waitPast(player, version);
        const tile = page.locator('.hand-button.playable');
        if ((await tile.count()) > 0) {
          // One click plays a tile that fits one end; one that fits several is then put on the first.
          const ends = ((await tile.first().getAttribute('data-ends')) ?? '').split(' ');
          await tile.first().click();
          if (ends.length > 1) await page.locator(`svg.table g.end[data-end="${ends[0]}"]`).click();
        } else if ((await page.getByRole('button', { name: /^Pass/ }).count()) > 0) {
          await page.getByRole('button', { name: /^Pass/ }).click();
        } else continue;
        anns++;
        await waitPast(player, view.version);
      }
    }
    expect(bobs).toBeGreaterThanOrEqual(3);
    expect(anns).toBeGreaterThanOrEqual(2);
    const news = await page.locator('#news').textContent();
    expect(news).toMatch(/Bob (played \d+-\d+ on the \d+ of (spoke|toe) |passed)/);
    expect(news).toMatch(/You played \d+-\d+ on the \d+ of (spoke|toe) /);
    // The same document all along (no reload), and nothing on it moved while the game went on.
    expect(await page.evaluate('window.sameDocument')).toBe(true);
    const shifts = (await page.evaluate('window.shifts')) as Shift[];
    // The tiles of the hand close up when one is played, and news comes in on top; nothing else moves.
    // (Chromium also reports text redrawn where it was, moved by less than a pixel: not a shift one sees.)
    const seen = shifts.filter((s) => s.from !== s.to);
    expect(seen.filter((s) => s.what !== 'hand' && s.what !== 'news')).toEqual([]);
    // (The browser does report layout shifts: an empty list is no shift, not a blind observer.)
    expect(await page.evaluate("PerformanceObserver.supportedEntryTypes.includes('layout-shift')")).toBe(true);
    await screenshot(page, 'catching-up-open-desktop');
    // What this browser remembers as seen: the version it showed last.
    const lastSeen = Number(await page.evaluate(`localStorage.getItem(${JSON.stringify(SEEN_PREFIX + id)})`));
    expect(lastSeen).toBe((await pageState(player)).version);
    await page.close();

    // Ann is away while the game is played out.
    const { final } = await playToTheEnd(id, seats, 11);
    expect(final.status).toBe('finished');
    const missed = (await ann.events(id, lastSeen)).commits.flatMap((c) => c.events);

    const back = await context.newPage();
    back.on('pageerror', (error) => player.errors.push(String(error)));
    await openGame(back, id);
    const since = back.locator('.since:not(.so-far)');
    await since.getByRole('heading', { name: 'Since your last visit' }).waitFor();
    // One line per event the API gives Ann after the version she last saw, newest first.
    const lines = await since.locator('li').allTextContents();
    expect(lines).toHaveLength(missed.length);
    expect(lines.filter((t) => /^Hand \d+ is over: /.test(t))).toHaveLength(7);
    expect(lines.filter((t) => t.startsWith('Bob drew a tile'))).toHaveLength(
      missed.filter((e) => e.type === 'TileDrawn' && e.seat === 1).length,
    );
    expect(lines[0]).toMatch(/^The game is over: .* won with \d+ points\. Totals: You \d+, Bob \d+\.$/);
    const ended = missed.filter((e) => e.type === 'HandEnded');
    for (const [k, e] of ended.entries()) {
      expect(lines).toContain(
        `Hand ${k + 1} is over: ${e.out === null ? 'nobody could play' : `${e.out === 0 ? 'You' : 'Bob'} went out`}. Points: You ${e.scores[0]}, Bob ${e.scores[1]}.`,
      );
    }
    const winners = final.winners!.map((s) => (s === 0 ? 'You' : 'Bob'));
    expect(await back.locator('.winners').textContent()).toContain(winners.join(' and '));
    expect(await back.locator('table.scores tbody tr').count()).toBe(7);
    const totals = await back.locator('table.scores tfoot td').allTextContents();
    expect(totals.map(Number)).toEqual(final.totals);
    await screenshot(back, 'catching-up-back-desktop');
    expect(player.blocked).toEqual([]);
    expect(player.errors).toEqual([]);
  }, 120_000);
});
