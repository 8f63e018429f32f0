// The game's moments on the web client, each made in a real browser by a person's clicks or keys,
// while the rest of the game is played through the API: a tile tried where it does not fit (the rules'
// own words shown), a drawn tile that fits kept by passing, "Chickenlittle!" said with the play (by
// the keyboard alone), and a player called out for forgetting it. Both pages follow by themselves.
import { fisherYates } from '@chickenfoot/rules';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat, type Game, type Move } from '../e2e/client';
import { chooser } from '../e2e/play-loop';
import { isolatedPage, launchBrowser } from '../support/browser';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { arrowToTile, press, tabTo } from './support/keyboard';
import { pageState, waitPast, type Player } from './support/player';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';

let served: ServedApp;
let browser: Browser;

beforeAll(async () => {
  const random = chooser(77);
  const shuffle = fisherYates((n) => random([...Array(n).keys()]));
  const limits = { pollMs: 40, perPlayer: { burst: 1e6, perSecond: 1e6 } };
  served = await serveApp(inject('dynamoEndpoint'), { limits, shuffle }, checkFetched);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

type Play = Extract<Move, { type: 'play' }>;
const MOMENTS = ['refused', 'pass', 'announce', 'callout'] as const;
type Moment = (typeof MOMENTS)[number];

/** Waits until the page shows `version` (or later). */
async function caughtUp(player: Player, version: number): Promise<void> {
  if ((await pageState(player)).version < version) await waitPast(player, version - 1);
}

/**
 * Waits until the page's log tells `text` of the commit at `version`: the version comes with a move's
 * reply, the log's line a moment later from the commits read after it (so a check right after the
 * version would race). Fails after the usual wait if the line never comes.
 */
async function told(player: Player, version: number, text: string): Promise<void> {
  await player.page.locator(`#news li[data-key^="${version}."]`, { hasText: text }).first().waitFor();
}

describe('moments of a game, in the browser', () => {
  it('a refusal in the rules’ words, a pass after a draw, Chickenlittle by keyboard, a call-out', async () => {
    const seats = await Promise.all(['Ann', 'Bob'].map((name) => Seat.register(served.baseUrl, name)));
    const rules = { set: 6, handSize: 5, drawnTile: 'may-play', chickenlittle: 'callout', opening: 'next-highest' };
    const created = await seats[0]!.create(2, rules as Parameters<Seat['create']>[1]);
    await seats[1]!.join(created.id, created.inviteCode ?? '');
    const id = created.id;
    const players: Player[] = [];
    for (const [i, device] of (['desktop', 'phone'] as const).entries()) {
      const isolated = await isolatedPage(browser, VIEWPORTS[device]);
      await signInAs(isolated.context, served.baseUrl, seats[i]!);
      await isolated.page.goto(`${served.baseUrl}/games/${id}`);
      await isolated.page.locator('body[data-ready=true]').waitFor();
      players.push({ ...isolated, name: seats[i]!.name, device });
    }
    const done = new Set<Moment>();
    const problems: string[] = [];
    const choose = chooser(9);

    for (let step = 0; done.size < MOMENTS.length; step++) {
      if (step > 600) throw new Error(`not every moment came: ${[...done].join(', ')}`);
      const views: Game[] = await Promise.all(seats.map((s) => s.view(id)));
      expect(views[0]!.status, `moments so far: ${[...done].join(', ')}`).toBe('playing');
      const turn = views[0]!.hand!.turn!;
      const own = views[turn]!;
      const player = players[turn]!;
      const { page } = player;
      const other = 1 - turn;

      // Someone forgot to say it and the other placed a tile since: the other calls them out.
      const callout = views[other]!.legalMoves.find((m) => m.type === 'callout');
      if (callout && !done.has('callout')) {
        const caller = players[other]!;
        await caughtUp(caller, views[other]!.version);
        const before = views[turn]!.seats[turn]!.tileCount;
        const lapsed = seats[turn]!.name;
        await caller.page.getByRole('button', { name: new RegExp(`^Call out ${lapsed}`) }).click();
        await waitPast(caller, views[other]!.version);
        const calledAt = views[other]!.version + 1;
        await told(
          caller,
          calledAt,
          `You called ${lapsed} out: one tile left and no “Chickenlittle!” when the next tile was placed, so ${lapsed} draws a penalty tile.`,
        );
        const after = await seats[turn]!.view(id);
        expect(after.seats[turn]!.tileCount).toBe(before + 1);
        // The one called out hears it on their own page, by themselves, in words: why, and what it costs.
        await caughtUp(player, after.version);
        const why = `${seats[other]!.name} called you out: you had one tile left and had not said “Chickenlittle!” when the next tile was placed, so you draw a penalty tile.`;
        await told(player, calledAt, why);
        expect(await page.locator('#play .notice').textContent()).toBe(why);
        await screenshot(caller.page, `moment-callout-${caller.device}`);
        await screenshot(page, `moment-called-out-${player.device}`);
        done.add('callout');
        continue;
      }
      // The seat in turn drew a tile that fits, and may keep it: it passes.
      const pass = own.legalMoves.find((m) => m.type === 'pass');
      if (own.drawnTile && pass && !done.has('pass')) {
        await caughtUp(player, own.version);
        expect(await page.locator('#turn').textContent()).toMatch(/you drew a tile that fits: play it or pass\.$/);
        const drawn = page.locator(`.hand-button[data-tile="${own.drawnTile}"]`);
        expect(await drawn.getAttribute('class')).toContain('drawn');
        expect(await drawn.getAttribute('aria-label')).toMatch(/, just drawn, fits \d end/);
        await screenshot(page, `moment-drawn-${player.device}`);
        await page.getByRole('button', { name: 'Pass (keep the drawn tile)' }).click();
        await waitPast(player, own.version);
        await told(player, own.version + 1, 'You passed.');
        expect((await seats[turn]!.view(id)).yourTiles).toContain(own.drawnTile);
        done.add('pass');
        continue;
      }
      // A play that leaves one tile: said with the play (the choice is there before it, ticked), by
      // the keyboard alone from the top of the page: Tab, Enter, Tab, arrows, Enter (and Tab to the
      // place when the tile fits several).
      const announced = own.legalMoves.find((m): m is Play => m.type === 'play' && m.announce === true);
      if (announced && !done.has('announce')) {
        await page.reload();
        await page.locator('body[data-ready=true]').waitFor();
        await caughtUp(player, own.version);
        const keys = { tabs: 0, arrows: 0, enters: 0 };
        await tabTo(page, keys, (f) => f.text === 'Skip to your hand', { most: 1 });
        await press(page, 'Enter', keys);
        const choice = await tabTo(page, keys, (f) => f.tag === 'input', { most: 1 });
        expect(choice.text).toMatch(/^Say “Chickenlittle!” with my play\. It leaves you one tile/);
        expect(await page.getByLabel(/^Say “Chickenlittle!” with my play/).isChecked()).toBe(true);
        await tabTo(page, keys, (f) => f.tile !== null, { most: 1 });
        await arrowToTile(page, keys, announced.tile);
        // Ends, not moves: this play is listed twice (with "Chickenlittle!" and without).
        const ends = own.legalMoves.flatMap((m) => (m.type === 'play' && m.tile === announced.tile ? [m.on] : []));
        const several = new Set(ends).size > 1;
        const label = (await page.locator(`svg.table g.end[data-end="${announced.on}"]`).getAttribute('aria-label'))!;
        const [sent] = await Promise.all([
          page.waitForRequest((r) => r.url().endsWith('/moves') && r.method() === 'POST'),
          (async () => {
            await press(page, 'Enter', keys);
            if (!several) return;
            const place = label.replace(/^Open end: /, `${announced.tile} on `);
            await tabTo(page, keys, (f) => f.text === place, { most: 20 });
            await press(page, 'Enter', keys);
          })(),
        ]);
        expect(sent.postDataJSON()).toEqual({ type: 'play', tile: announced.tile, on: announced.on, announce: true });
        await waitPast(player, own.version);
        // The log is written a moment after the version arrives: wait for the line (it fails if it never comes).
        await page.locator('#news', { hasText: 'You said “Chickenlittle!”' }).waitFor();
        // Under this deal that play blocks the hand (nobody can play, the boneyard is out): its end
        // stays on both pages, every seat's tiles face up (the one who said it holds one), until each
        // player goes on with "Next hand".
        const said = await seats[turn]!.view(id);
        expect(said.hand!.index).toBe(own.hand!.index + 1);
        expect(said.pastHands.at(-1)!.reason).toBe('blocked');
        for (const p of players) {
          await caughtUp(p, said.version);
          await p.page.locator('.hand-end').waitFor();
          const left = p.page.locator(`.hand-end tr[data-seat="${turn}"] .tiles-left`);
          expect(await left.getAttribute('aria-label')).toMatch(/^\d+-\d+ \(\d+\)$/);
          expect(await p.page.locator('.hand-end tbody tr').count()).toBe(2);
          await screenshot(p.page, `moment-hand-end-${p.device}`);
          await p.page.getByRole('button', { name: /^Next hand/ }).click();
          await p.page.locator('.hand-end').waitFor({ state: 'detached' });
        }
        console.log(
          `keyboard, “Chickenlittle!” with a play: ${keys.tabs} Tabs, ${keys.arrows} arrows, ${keys.enters} Enters`,
        );
        done.add('announce');
        continue;
      }
      // A tile tried on an end it does not fit: refused, in the rules' words, and nothing changes.
      const plays = own.legalMoves.filter((m): m is Play => m.type === 'play');
      const misfit = plays.length > 0 && !own.drawnTile ? misfitOf(own, plays) : null;
      if (misfit && !done.has('refused')) {
        await caughtUp(player, own.version);
        await page.locator(`.hand-button[data-tile="${misfit.tile}"]`).click();
        const end = page.locator(`svg.table g.end[data-end="${misfit.on}"]`);
        expect(await end.getAttribute('aria-label')).toMatch(/\(it does not fit there\)$/);
        const [refusal] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/moves') && r.request().method() === 'POST'),
          end.click(),
        ]);
        expect(refusal.status()).toBe(422);
        const problem = (await refusal.json()) as { code: string; detail: string };
        expect(problem.code).toMatch(/^rules\/(suit-mismatch|must-fill-double|end-closed)$/);
        await expect.poll(() => page.locator('#move-problem').textContent()).toBe(problem.detail);
        expect((await seats[turn]!.view(id)).version).toBe(own.version);
        problems.push(player.name);
        await screenshot(page, `moment-refused-${player.device}`);
        await page.locator('.hand-button[aria-pressed=true]').click();
        done.add('refused');
        continue;
      }
      // Otherwise the seat in turn moves through the API: it plays when it can (a placement is what
      // exposes a seat that forgot), and never says Chickenlittle itself, so lapses come.
      const quiet = plays.filter((m) => !m.announce);
      const moves: Move[] = quiet.length > 0 ? quiet : own.legalMoves.filter((m) => m.type === 'pass');
      if (moves.length > 0) await seats[turn]!.move(id, own.version, choose(moves));
    }

    for (const player of players) {
      expect(player.blocked, player.name).toEqual([]);
      // The refusal is the only complaint (Chromium logs every 4xx it receives).
      const refused = problems.includes(player.name)
        ? ['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']
        : [];
      expect(player.errors, player.name).toEqual(refused);
    }
  }, 120_000);
});

/**
 * A tile of the hand and an open end it does not fit (by suit), if the view has one. Not a tile that
 * fits exactly one end: a click on that one plays it at once.
 */
function misfitOf(view: Game, plays: readonly Play[]): { tile: string; on: number } | null {
  for (const tile of view.yourTiles) {
    if (plays.filter((p) => p.tile === tile).length === 1) continue;
    const [a, b] = tile.split('-').map(Number);
    const end = view.hand!.openEnds.find(
      (e) => e.suit !== a && e.suit !== b && !plays.some((p) => p.tile === tile && p.on === e.on),
    );
    if (end) return { tile, on: end.on };
  }
  return null;
}
