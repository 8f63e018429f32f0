// A finished game's replay on the web client: from the game's end, "Replay this game" steps through it
// (buttons and arrow keys), every seat's tiles shown, each step's commit told in the game page's words;
// the whole game downloads as one JSON document. The real site over real HTTP, in a real browser; every
// reply the page gets is checked against the contract.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Seat } from '../e2e/client';
import { playByClicking } from './support/click-play';
import { createGame, expectClean, QUICK_BOT_GAME, signUp } from './support/player';
import { screenshot } from './support/screens';
import { keptSession } from './support/session';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 23 });

describe('a replay on the web client', () => {
  it('steps through a finished game with every tile shown, each step told', async () => {
    const { baseUrl } = site;
    const kim = await signUp(site.browser, baseUrl, 'Kim', 'desktop');
    const gameId = await createGame(kim, baseUrl, QUICK_BOT_GAME);
    await playByClicking([kim], 9);
    await kim.page.getByRole('link', { name: 'Replay this game' }).click();
    await kim.page.waitForURL(`${baseUrl}/games/${gameId}/replay`);
    await kim.page.locator('body[data-ready=true]').waitFor();
    const step = () => kim.page.locator('#replay-step').textContent();
    const last = Number(/of (\d+)$/.exec((await step()) ?? '')?.[1]);
    expect(last).toBeGreaterThan(10);
    expect(await step()).toBe(`Step 1 of ${last}`);
    // The first commit created the game, seated the bot and dealt (the bot's seat filled the table), and
    // the forced moves up to Kim's first choice followed in it.
    const said = () => kim.page.locator('#replay-said li').allTextContents();
    expect((await said())[0]).toMatch(/^The game was created/);
    expect(await said()).toContainEqual(expect.stringMatching(/^Hand 1 was dealt/));
    // Every seat's tiles are shown, the bot's too, and the root is on the board.
    const hands = kim.page.locator('.replay-hands li');
    expect(await hands.count()).toBe(2);
    for (let seat = 0; seat < 2; seat++) {
      expect(await hands.nth(seat).locator('.hand-tile').count()).toBeGreaterThan(0);
    }
    expect(await hands.nth(1).locator('.name').textContent()).toBe('Random bot 2');
    expect(await kim.page.locator('svg.table g.tile').count()).toBeGreaterThan(0);
    await kim.page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(step).toBe(`Step 2 of ${last}`);
    expect((await said()).length).toBeGreaterThan(0);
    const dealt = 2;
    await screenshot(kim.page, 'replay-desktop');

    // The arrow keys step too; Last is the end, with the winners; First the start.
    await kim.page.keyboard.press('ArrowRight');
    await expect.poll(step).toBe(`Step ${dealt + 1} of ${last}`);
    await kim.page.keyboard.press('ArrowLeft');
    await expect.poll(step).toBe(`Step ${dealt} of ${last}`);
    await kim.page.getByRole('button', { name: 'Last' }).click();
    await expect.poll(step).toBe(`Step ${last} of ${last}`);
    expect(await kim.page.locator('.winners').textContent()).toMatch(/wins? with \d+ points!$/);
    expect((await kim.page.locator('#replay-said li').allTextContents()).join(' ')).toMatch(/The game is over/);
    // To a hand's end and back to its start: the steps of the commits that ended and dealt it (as
    // the events API has them).
    const seat = new Seat(baseUrl, 'Kim', (await keptSession(kim.page))!.token);
    const commits = (await seat.events(gameId, 0)).commits;
    const at = (type: string) => commits.filter((c) => c.events.some((e) => e.type === type)).map((c) => c.version);
    const [deal1, deal2] = at('HandDealt');
    const [end1, end2] = at('HandEnded');
    await kim.page.getByRole('button', { name: 'First' }).click();
    await expect.poll(step).toBe(`Step 0 of ${last}`);
    await kim.page.getByRole('button', { name: 'Hand end' }).click();
    await expect.poll(step).toBe(`Step ${end1} of ${last}`);
    await kim.page.getByRole('button', { name: 'Hand end' }).click();
    await expect.poll(step).toBe(`Step ${end2} of ${last}`);
    await kim.page.getByRole('button', { name: 'Hand start' }).click();
    await expect.poll(step).toBe(`Step ${deal2} of ${last}`);
    await kim.page.getByRole('button', { name: 'Hand start' }).click();
    await expect.poll(step).toBe(`Step ${deal1} of ${last}`);
    // Fast clicks, each made while the step before it is still on its way (each step's reply is held
    // 200 ms here): none is lost.
    await kim.page.route(/\/replay\?at=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await route.continue();
    });
    const next = kim.page.getByRole('button', { name: 'Next' });
    for (let i = 0; i < 6; i++) await next.click();
    await kim.page.keyboard.press('ArrowLeft');
    await kim.page.keyboard.press('ArrowLeft');
    await expect.poll(step).toBe(`Step ${deal1! + 4} of ${last}`);
    await kim.page.unrouteAll({ behavior: 'wait' });

    // Step 0 is the table before anything: no tiles anywhere.
    await kim.page.getByRole('button', { name: 'First' }).click();
    await expect.poll(step).toBe(`Step 0 of ${last}`);
    expect(await hands.count()).toBe(0);
    expect(await kim.page.locator('svg.table g.tile').count()).toBe(0);

    // The whole game to keep: one JSON document with its rules, seats, commits and scores.
    const [file] = await Promise.all([
      kim.page.waitForEvent('download'),
      kim.page.getByRole('button', { name: 'Download the game (JSON)' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`chickenfoot-${gameId}.json`);
    const saved = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
      id: string;
      commits: unknown[];
      final: unknown;
    };
    expect(saved.id).toBe(gameId);
    expect(saved.commits).toHaveLength(last);
    expect(saved.final).toBeTruthy();
    expectClean(kim);
  }, 180_000);
});
