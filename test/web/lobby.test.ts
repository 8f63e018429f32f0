// The life around a game on the web client: finding opponents in the lobby (quick match, and the open
// games to join with a click), and playing again once a game is over. The real site over real HTTP, in
// a real browser; every reply the pages get is checked against the contract.
import { describe, expect, it } from 'vitest';
import { playByClicking } from './support/click-play';
import { createGame, expectClean, newcomer, QUICK_BOT_GAME, signUp, type Player } from './support/player';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 41 });

/** Waits until the page is a game's page, ready; returns the game's id. */
async function onGamePage(player: Player): Promise<string> {
  await player.page.waitForURL(/\/games\/g_/);
  await player.page.locator('body[data-ready=true]').waitFor();
  return player.page.url().split('/games/')[1]!;
}

describe('the lobby on the web client', () => {
  it('quick match seats two strangers at one table, a newcomer signing up on the way', async () => {
    const { baseUrl } = site;
    const ann = await signUp(site.browser, baseUrl, 'Ann', 'phone');
    await ann.page.getByRole('link', { name: 'Find a game' }).first().click();
    await ann.page.getByRole('heading', { name: 'Find a game' }).waitFor();
    await screenshot(ann.page, 'lobby-phone');
    await ann.page.getByLabel('Players').fill('2');
    await ann.page.getByRole('button', { name: 'Quick match' }).click();
    const gameId = await onGamePage(ann);
    expect(await ann.page.locator('body').getAttribute('data-status')).toBe('waiting');

    // Ben has never been here: the lobby asks his name, signs him up and seats him at Ann's table.
    const ben = await newcomer(site.browser, 'Ben', 'desktop');
    await ben.page.goto(`${baseUrl}/lobby`);
    await ben.page.getByLabel('Your name').fill('Ben');
    await ben.page.getByRole('button', { name: 'Quick match' }).click();
    expect(await onGamePage(ben)).toBe(gameId);
    await ben.page.locator('body[data-status=playing]').waitFor();
    // Ann's page hears of it by itself: the game starts without a reload.
    await ann.page.locator('body[data-status=playing]').waitFor({ timeout: 10_000 });
    expectClean(ann);
    expectClean(ben);
  }, 90_000);

  it('lists an open game with who waits there, and joins it with one click', async () => {
    const { baseUrl } = site;
    const dee = await signUp(site.browser, baseUrl, 'Dee', 'desktop');
    const gameId = await createGame(dee, baseUrl, { seats: 3, set: 6, open: 'true' });
    const cy = await signUp(site.browser, baseUrl, 'Cy', 'phone');
    await cy.page.goto(`${baseUrl}/lobby`);
    const item = cy.page.locator(`.lobby-item[data-game-id="${gameId}"]`);
    await item.waitFor();
    expect(await item.locator('.with').textContent()).toBe('With Dee');
    expect(await item.locator('.state').textContent()).toMatch(
      /^2 of 3 seats free · double-6, \d+ tiles each · just now$/,
    );
    await screenshot(cy.page, 'lobby-open-games-phone');
    await item.getByRole('button', { name: 'Join' }).click();
    expect(await onGamePage(cy)).toBe(gameId);
    expect(await cy.page.locator('.seat').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Dee'), expect.stringContaining('Cy')]),
    );

    // Dee's own game is listed to her too: its Join button simply opens it.
    await dee.page.goto(`${baseUrl}/lobby`);
    const own = dee.page.locator(`.lobby-item[data-game-id="${gameId}"]`);
    await own.waitFor();
    expect(await own.locator('.state').textContent()).toMatch(/^1 of 3 seats free/);
    await own.getByRole('button', { name: 'Join' }).click();
    expect(await onGamePage(dee)).toBe(gameId);
    expectClean(cy);
    expectClean(dee);
  }, 90_000);
});

describe('a rematch on the web client', () => {
  it('once the game is over, Play again opens the rematch; pressed again, it opens the same one', async () => {
    const { baseUrl } = site;
    const eve = await signUp(site.browser, baseUrl, 'Eve', 'phone');
    const first = await createGame(eve, baseUrl, QUICK_BOT_GAME);
    // No rematch to offer while the game is on.
    expect(await eve.page.getByRole('button', { name: 'Play again' }).count()).toBe(0);
    await playByClicking([eve], 5);
    await eve.page.locator('.winners').waitFor();
    await screenshot(eve.page, 'rematch-offer-phone');
    await eve.page.getByRole('button', { name: 'Play again' }).click();
    await eve.page.waitForURL((url) => url.pathname.startsWith('/games/') && !url.pathname.endsWith(first));
    const second = await onGamePage(eve);
    // The bot keeps its seat, so with Eve back the rematch starts at once.
    await eve.page.locator('body[data-status=playing]').waitFor();
    const back = eve.page.getByRole('link', { name: 'the previous game' });
    expect(await back.getAttribute('href')).toBe(`/games/${first}`);

    // The first game has its one rematch, and its page says so: the button opens that one.
    await back.click();
    expect(await onGamePage(eve)).toBe(first);
    await eve.page.getByRole('button', { name: 'Go to the rematch' }).click();
    await eve.page.waitForURL((url) => url.pathname.endsWith(second));
    expect(await onGamePage(eve)).toBe(second);
    expectClean(eve);
  }, 180_000);
});
