// Bots on the web client: one person plays a whole game against two bots by clicking; a creator seats
// a bot from the game page; a player who leaves is replaced by one. The real site over real HTTP, in
// a real browser, no network beyond this machine.
import { describe, expect, it } from 'vitest';
import { Seat } from '../e2e/client';
import { playByClicking } from './support/click-play';
import { createGame, expectClean, inviteLink, joinByLink, newcomer, QUICK_BOT_GAME, signUp } from './support/player';
import { screenshot } from './support/screens';
import { keptSession } from './support/session';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 16 });

describe('bots on the web client', () => {
  it('one player against two bots: created with them, the game starts at once and is played to the winners', async () => {
    const cat = await signUp(site.browser, site.baseUrl, 'Cat', 'phone');
    await createGame(cat, site.baseUrl, { ...QUICK_BOT_GAME, seats: 3, bots: 2 });
    await cat.page.locator('body[data-status=playing]').waitFor();
    expect(await cat.page.locator('.seat .status').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('a computer player (random)')]),
    );
    await screenshot(cat.page, 'bots-start-phone');

    const started = performance.now();
    const played = await playByClicking([cat], 3);
    console.log(`against bots: ${played.moves} moves by clicking in ${Math.round(performance.now() - started)} ms`);
    expect(played.moves).toBeGreaterThan(5);
    const winners = cat.page.locator('.winners');
    await winners.waitFor();
    expect(await winners.textContent()).toMatch(/ wins? with \d+ points!$/);
    expect(await cat.page.locator('table.scores tbody tr').count()).toBe(7);
    await screenshot(cat.page, 'bots-over-phone', { whole: true });
    // In her games, the finished game says when it ended and how: who won, every total, lowest first.
    const gameId = cat.page.url().split('/games/')[1]!;
    await cat.page.goto(`${site.baseUrl}/`);
    const state = cat.page.locator(`a[href="/games/${gameId}"] .state`);
    await expect.poll(() => state.textContent()).toMatch(/ won: /);
    const line = (await state.textContent())!;
    expect(line).toMatch(/^over .+ · (You|Random bot [23])( and (You|Random bot [23]))* won: /);
    const totals = [...line.matchAll(/(?:You|Random bot \d) (\d+)/g)].map((m) => Number(m[1]));
    expect(totals).toHaveLength(3);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    await screenshot(cat.page, 'home-finished-phone');
    expectClean(cat);
  }, 180_000);

  it('four players, three of them bots: the person is never called out for a Chickenlittle they did not choose to skip', async () => {
    const gil = await signUp(site.browser, site.baseUrl, 'Gil', 'desktop');
    const gameId = await createGame(gil, site.baseUrl, {
      seats: 4,
      bots: 3,
      set: 6,
      handSize: 4,
      opening: 'next-highest',
      autoPlay: 'off',
      drawnTile: 'must-play',
      botLevel: 'greedy',
    });
    await gil.page.locator('body[data-status=playing]').waitFor();
    // The choice comes before the play, ticked: the person plays as they like and never unticks it.
    const played = await playByClicking([gil], 5, { forgetful: false });
    const seat = new Seat(site.baseUrl, 'Gil', (await keptSession(gil.page))!.token);
    const events = (await seat.events(gameId, 0)).commits.flatMap((c) => c.events);
    const view = await seat.view(gameId);
    const mine = view.yourSeat;
    const said = events.filter((e) => e.type === 'ChickenlittleAnnounced' && e.seat === mine && !e.auto);
    const called = events.filter((e) => e.type === 'ChickenlittleCalledOut' && e.seat === mine);
    console.log(
      `four players against bots: ${played.moves} moves, ${played.clicks} clicks (${(played.clicks / played.moves).toFixed(2)} a move, ${played.oneClick} plays by one click), ${said.length} times “Chickenlittle!” said with a play, ${played.handEnds} hands' ends looked at`,
    );
    expect(view.status).toBe('finished');
    // The moment came (a play that left one tile), and each time it was said; every hand's end was shown.
    expect(said.length).toBeGreaterThan(0);
    expect(called).toEqual([]);
    expect(played.handEnds).toBe(6);
    await screenshot(gil.page, 'bots-four-over-desktop');
    expectClean(gil);
  }, 240_000);

  it('on a turn clock, the seat in turn says how long it has, on the game page and in my games', async () => {
    const fay = await signUp(site.browser, site.baseUrl, 'Fay', 'desktop');
    const gameId = await createGame(fay, site.baseUrl, { seats: 2, bots: 1, set: 6, turnHours: 48, awayAfter: 3 });
    // The bot moves at once whenever it is its turn, so the turn comes to Fay.
    const mine = fay.page.locator('.seat.you.to-play .status');
    await mine.waitFor();
    expect(await mine.textContent()).toMatch(/^to play(?: \(drew a tile\))?, 2 days left/);
    await screenshot(fay.page, 'clock-game-desktop');
    await fay.page.goto(`${site.baseUrl}/`);
    const item = fay.page.locator(`a[href="/games/${gameId}"] .state`);
    await item.waitFor();
    expect(await item.textContent()).toMatch(/^your move: (?:just now|waiting 1 minute) · 2 days left$/);
    await screenshot(fay.page, 'clock-my-games-desktop');
    expectClean(fay);
  }, 60_000);

  it('the creator seats a bot from the game page; a player who leaves is replaced by a bot', async () => {
    const dan = await signUp(site.browser, site.baseUrl, 'Dan', 'desktop');
    await createGame(dan, site.baseUrl, { seats: 3, set: 6 });
    await dan.page.getByRole('button', { name: 'Add a computer player' }).click();
    await dan.page.locator('.seat .status', { hasText: 'a computer player (greedy)' }).waitFor();
    expect(await dan.page.locator('#turn').textContent()).toBe('Waiting for players: 2 of 3 seats taken.');
    // Nothing to count before the deal: no tile counts, no points, no score table.
    expect(await dan.page.locator('.seat .count').allTextContents()).toEqual(['', '', '']);
    expect(await dan.page.locator('table.scores').count()).toBe(0);

    const eve = await newcomer(site.browser, 'Eve', 'desktop');
    await joinByLink(eve, await inviteLink(dan));
    await dan.page.locator('body[data-status=playing]').waitFor();

    await eve.page.getByRole('button', { name: 'Leave this game' }).click();
    await eve.page.getByRole('button', { name: 'Leave for good' }).click();
    await eve.page.locator('#turn', { hasText: 'You left this game: a bot plays your seat.' }).waitFor();
    expect(await eve.page.locator('.hand-button').count()).toBe(0);
    // Dan's page hears of it by itself.
    await dan.page
      .locator('#news', { hasText: 'Eve left the game: a greedy bot plays the seat from now on.' })
      .waitFor();
    expect(await dan.page.locator('.seat .name').allTextContents()).toContain('Eve (left; a bot plays)');
    await screenshot(dan.page, 'bots-left-desktop');

    // My games: the one waiting for Dan's move first (with how long it has waited), then one waiting for players.
    expect(await dan.page.locator('#turn').textContent()).toMatch(/your turn|you drew a tile that fits/);
    await createGame(dan, site.baseUrl, { seats: 2, set: 6 });
    await dan.page.goto(`${site.baseUrl}/`);
    const items = dan.page.locator('.game-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).getAttribute('class')).toContain('mine');
    expect(await items.nth(0).textContent()).toMatch(/With Bot 2|With .*bot/);
    expect(await items.nth(0).locator('.state').textContent()).toBe('your move: just now');
    expect(await items.nth(1).locator('.state').textContent()).toBe('waiting for players: share the invite link');
    expect(await dan.page.locator('.summary').textContent()).toBe('1 game is waiting for you.');
    await screenshot(dan.page, 'home-games-desktop');
    expectClean(dan);
    expectClean(eve);
  }, 120_000);
});
