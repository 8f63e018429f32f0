// Every page of the web client, checked by axe-core (WCAG 2.1 A and AA rules) in a real browser, on a
// phone and a desktop, in the states a player meets: signed out, signed in with games (asked which account
// a sign-in link is to open; another account kept on this device), the new-game
// form, the lobby (signed out and in), the join page, a game waiting, a game in play with a tile picked
// (the ends become buttons), a watch link made and the spectator's page, a game over and its replay. axe
// finds what a machine can (names, labels, contrast, roles, landmarks); the keyboard suites (long-board,
// moments) show the rest by playing.
import { createRequire } from 'node:module';
import { fisherYates } from '@chickenfoot/rules';
import { KEPT_KEY, SEEN_PREFIX } from '@chickenfoot/web';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat } from '../e2e/client';
import { chooser, playToTheEnd } from '../e2e/play-loop';
import { isolatedPage, launchBrowser } from '../support/browser';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { playFirstHand } from './support/long-hand';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let served: ServedApp;
let browser: Browser;
let ann: Seat;
let bob: Seat;
let waiting: { id: string; inviteCode: string };
let playing: string;
let finished: string;
let handEnded: string;

beforeAll(async () => {
  const limits = { perPlayer: { burst: 1e6, perSecond: 1e6 } };
  // Deals come from a seeded shuffle: the same hands each run.
  const random = chooser(3);
  const shuffle = fisherYates((n) => random([...Array(n).keys()]));
  served = await serveApp(inject('dynamoEndpoint'), { limits, shuffle }, checkFetched);
  browser = await launchBrowser();
  [ann, bob] = (await Promise.all(['Ann', 'Bob'].map((name) => Seat.register(served.baseUrl, name)))) as [Seat, Seat];
  const open = await ann.create(3, { set: 9 });
  waiting = { id: open.id, inviteCode: open.inviteCode ?? '' };
  const game = await ann.create(2, { set: 9 });
  await bob.join(game.id, game.inviteCode ?? '');
  playing = game.id;
  const done = await ann.create(2, { set: 6, handSize: 3, opening: 'next-highest' });
  await bob.join(done.id, done.inviteCode ?? '');
  await playToTheEnd(done.id, [ann, bob], 4);
  finished = done.id;
  const ending = await ann.create(2, { set: 6, handSize: 3, opening: 'next-highest' });
  await bob.join(ending.id, ending.inviteCode ?? '');
  expect((await playFirstHand(ending.id, [ann, bob])).status).toBe('playing');
  handEnded = ending.id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

interface Violation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly nodes: string[];
}

/** axe-core's WCAG 2.1 A/AA violations on the page as it is now. */
async function violations(page: Page): Promise<Violation[]> {
  // Evaluated by the browser's debugger protocol, so the page's CSP (no inline scripts) does not apply.
  await page.evaluate(AXE);
  return page.evaluate<Violation[]>(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })))`);
}

describe('accessibility of the web client (axe-core, WCAG 2.1 AA)', () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`has no violations on any page, in every state, on a ${device}`, async () => {
      const { page, context, blocked, errors } = await isolatedPage(browser, VIEWPORTS[device]);
      const found: Record<string, Violation[]> = {};
      const check = async (name: string) => {
        found[name] = await violations(page);
        // What axe saw, to look at: every page in every state, at both sizes.
        await screenshot(page, `page-${name.replace(/[^a-z]+/g, '-').replace(/-$/, '')}-${device}`);
      };

      await page.goto(`${served.baseUrl}/`);
      await page.getByLabel('Your name').waitFor();
      await check('home, signed out');
      await page.getByText('Already playing on another device?').click();
      await check('home, signing in with a key');
      await page.goto(`${served.baseUrl}/lobby`);
      await expect.poll(() => page.locator('#lobby-list').textContent()).toMatch(/Type your name/);
      await check('lobby, signed out');
      await page.goto(`${served.baseUrl}/rules`);
      await page.getByRole('heading', { name: 'Chickenfoot: the rules this server plays' }).waitFor();
      await check('rules');

      await signInAs(context, served.baseUrl, ann);
      await page.goto(`${served.baseUrl}/`);
      await page.locator('.game-item').first().waitFor();
      await check('home, signed in, with games');
      // A sign-in link for Bob opened here: the page asks which account to be; keeping Ann changes nothing.
      await page.goto(`${served.baseUrl}/#key=${encodeURIComponent(bob.token)}`);
      await page.getByRole('dialog', { name: 'Switch accounts?' }).waitFor();
      await check('home, asked which account');
      await page.getByRole('button', { name: /^Keep this device/ }).click();
      // Another account kept on this device (as switching keeps the key switched away from): listed to switch back.
      const kept = JSON.stringify([{ token: bob.token, player: { id: 'p_bob', name: 'Bob' } }]);
      await page.evaluate(`localStorage.setItem(${JSON.stringify(KEPT_KEY)}, ${JSON.stringify(kept)})`);
      await page.reload();
      await page.getByRole('button', { name: 'Switch to Bob' }).waitFor();
      await check('home, another account kept');
      await page.goto(`${served.baseUrl}/new`);
      await check('new game');
      await page.goto(`${served.baseUrl}/lobby`);
      await expect.poll(() => page.locator('#lobby-list').textContent()).not.toMatch(/Loading/);
      await check('lobby, signed in');

      await page.goto(`${served.baseUrl}/join/${waiting.id}#${waiting.inviteCode}`);
      await page.getByRole('heading', { name: /invited/ }).waitFor();
      await check('join');

      const game = async (id: string) => {
        await page.goto(`${served.baseUrl}/games/${id}`);
        await page.locator('body[data-ready=true]').waitFor();
      };
      await game(waiting.id);
      await check('game, waiting for players');
      await game(playing);
      await check('game, in play');
      // A tile that a press picks rather than plays (one that fits nowhere, or in two places or more):
      // a tile with exactly one placement is played by one press, and then nothing stays picked.
      const tile = page.locator('.hand-button[data-ends=""], .hand-button[data-ends*=" "]').first();
      await tile.click();
      await page.locator('svg.table g.end[role=button]').first().waitFor();
      await check('game, in play, a tile picked');
      await game(playing);
      await page.getByText('Let others watch').click();
      await page.getByRole('button', { name: 'Make a watch link' }).click();
      const link = page.getByLabel('The new watch link');
      await link.waitFor();
      await check('game, in play, a watch link made');
      await page.goto(await link.inputValue());
      await page.locator('body[data-ready=true]').waitFor();
      await check('watching, a game in play');
      // Back after the first hand ended (last seen before its end): the hand's end is shown.
      await page.evaluate(`localStorage.setItem(${JSON.stringify(SEEN_PREFIX + handEnded)}, '1')`);
      await game(handEnded);
      await page.locator('.hand-end').waitFor();
      await check('game, a hand just ended');
      await game(finished);
      await page.locator('.game-end .winners').waitFor();
      await check('game, over');
      await page.goto(`${served.baseUrl}/games/${finished}/replay`);
      await page.locator('body[data-ready=true]').waitFor();
      await check('replay');

      expect(Object.keys(found)).toHaveLength(18);
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      expect(blocked).toEqual([]);
      expect(errors).toEqual([]);
      // 18 states, each a page load, an axe run and a whole-page screenshot: ~80 s on a busy 2-core machine.
    }, 150_000);
  }
});
