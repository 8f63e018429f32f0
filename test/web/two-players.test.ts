// Two people, each in their own browser (one on a phone, one on a desktop), play a whole game on the
// web client by clicking: sign up, create with options, share the invite link, join, play to the winners.
// The real site over real HTTP; every non-loopback request is blocked, and none may be attempted.
import { describe, expect, it } from 'vitest';
import { playByClicking } from './support/click-play';
import { offContract } from './support/public-only';
import { createGame, inviteLink, joinByLink, newcomer, pageState, signUp, type Player } from './support/player';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 2026 });
const players: Player[] = [];

describe('two players on the web client', () => {
  it('sign up, create a game with options, invite, join, and play it to the winners by clicking', async () => {
    const { baseUrl } = site;
    const ann = await signUp(site.browser, baseUrl, 'Ann', 'desktop');
    players.push(ann);
    await screenshot(ann.page, 'home-signed-in-desktop');
    const gameId = await createGame(ann, baseUrl, {
      seats: 2,
      set: 6,
      handSize: 3,
      spokes: 4,
      opening: 'next-highest',
      // The server makes every play that is the only move: the clicks go to the choices.
      autoPlay: 'only-move',
      drawnTile: 'must-play',
    });
    const link = await inviteLink(ann);
    expect(link).toBe(`${baseUrl}/join/${gameId}#${link.split('#')[1]}`);
    await screenshot(ann.page, 'game-waiting-desktop');

    // Bob has never been here: the invite link's page signs him up and joins in one step.
    const bob = await newcomer(site.browser, 'Bob', 'phone');
    players.push(bob);
    await joinByLink(bob, link);
    // Ann's page hears of it by itself (long-poll): the game starts without a reload.
    await ann.page.locator('body[data-status=playing]').waitFor({ timeout: 10_000 });
    await bob.page.locator('body[data-status=playing]').waitFor();
    await screenshot(bob.page, 'game-start-phone');

    // A refused move shows the rules' own words: the seat not in turn picks a tile and tries an end.
    const waiting = (await pageState(ann)).mine ? bob : ann;
    await waiting.page.locator('.hand-button').first().click();
    const [refusal] = await Promise.all([
      waiting.page.waitForResponse((r) => r.url().endsWith(`/v1/games/${gameId}/moves`)),
      waiting.page.locator('svg.table g.end').first().click(),
    ]);
    expect(refusal.status()).toBe(422);
    const problem = (await refusal.json()) as { code: string; detail: string };
    expect(problem.code).toBe('rules/not-your-turn');
    await expect.poll(() => waiting.page.locator('#move-problem').textContent()).toBe(problem.detail);
    await screenshot(waiting.page, `game-refused-${waiting === bob ? 'phone' : 'desktop'}`);
    await waiting.page.locator('.hand-button[aria-pressed=true]').click();

    const started = performance.now();
    const played = await playByClicking([ann, bob], 11);
    console.log(
      `two players: ${played.moves} moves by clicking (${played.onBoard} on the board, ${played.dragged} dragged, ${played.shouts} shouts) in ${Math.round(performance.now() - started)} ms`,
    );
    expect(played.moves).toBeGreaterThan(10);
    expect(played.onBoard).toBeGreaterThan(0);
    expect(played.dragged).toBeGreaterThan(0);
    expect(played.shouts).toBeGreaterThan(0);

    for (const player of [ann, bob]) {
      const winners = player.page.locator('.winners');
      await winners.waitFor();
      expect(await winners.textContent()).toMatch(/ wins? with \d+ points!$/);
      // Said at the top too, where a phone shows it without scrolling.
      expect(await player.page.locator('#turn').textContent()).toMatch(/^The game is over: .+ wins? with \d+ points!$/);
      // Seven hands of double-6, each in the score table with every seat's points.
      expect(await player.page.locator('table.scores tbody tr').count()).toBe(7);
      // The log's line comes a moment after the view that ends the game: wait for it (it fails if it never comes).
      await player.page.locator('#news', { hasText: 'The game is over' }).waitFor();
    }
    await screenshot(ann.page, 'game-over-desktop', { whole: true });
    await screenshot(bob.page, 'game-over-phone', { whole: true });

    for (const player of [ann, bob]) {
      expect(player.blocked, player.name).toEqual([]);
      expect(player.requested.every((url) => new URL(url).hostname === '127.0.0.1')).toBe(true);
      // Only the pages, their assets and the contract's paths: no private route.
      expect(offContract(player.requested), player.name).toEqual([]);
      expect(player.requested.some((url) => new URL(url).pathname.endsWith('/events'))).toBe(true);
      // The one refusal above is the console's only complaint (Chromium logs every 4xx it receives).
      const refused =
        player === waiting
          ? ['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']
          : [];
      expect(player.errors, player.name).toEqual(refused);
    }
  }, 240_000);
});
