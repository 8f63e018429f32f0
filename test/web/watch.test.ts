// Watching a game on the web client: a player makes a watch link, a stranger with no account opens it and
// follows the game live (the board, the seats, the news; never a tile), the player revokes it and the link
// stops working. The real site over real HTTP, in a real browser; every reply is checked against the contract.
import { describe, expect, it } from 'vitest';
import { playByClicking } from './support/click-play';
import {
  createGame,
  expectClean,
  inviteLink,
  joinByLink,
  newcomer,
  pageState,
  signUp,
  waitPast,
} from './support/player';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 7 });

describe('watching a game on the web client', () => {
  it('a watch link shows the game live to a stranger, without a tile, until it is revoked', async () => {
    const { baseUrl } = site;
    const ann = await signUp(site.browser, baseUrl, 'Ann', 'desktop');
    await createGame(ann, baseUrl, {
      seats: 2,
      set: 6,
      handSize: 3,
      opening: 'next-highest',
      autoPlay: 'only-move',
      drawnTile: 'must-play',
    });
    const bob = await signUp(site.browser, baseUrl, 'Bob', 'phone');
    await joinByLink(bob, await inviteLink(ann));
    await ann.page.locator('body[data-status=playing]').waitFor();

    await ann.page.getByText('Let others watch').click();
    await ann.page.getByText('No watch link is open.').waitFor();
    await ann.page.getByRole('button', { name: 'Make a watch link' }).click();
    const field = ann.page.getByLabel('The new watch link');
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/watch#.+`));
    // The list is read again after the link is made: wait for it rather than read it mid-refresh.
    await ann.page.locator('.watch-list li').first().waitFor();
    expect(await ann.page.locator('.watch-list li').allTextContents()).toEqual([
      expect.stringMatching(/^Made by You, /),
    ]);

    // Cy has no account: the link is all it takes.
    const cy = await newcomer(site.browser, 'Cy', 'phone');
    await cy.page.goto(link);
    await cy.page.locator('body[data-ready=true]').waitFor();
    const seats = await cy.page.locator('.seat .name').allTextContents();
    expect(seats).toEqual([expect.stringContaining('Ann'), expect.stringContaining('Bob')]);
    expect(await cy.page.locator('.seat.you').count()).toBe(0);
    // Nothing of a seat's own: no hand, no moves, no table talk, and the page asks for no seat's view.
    expect(await cy.page.locator('#play, #talk, .hand-button').count()).toBe(0);
    expect(cy.requested.some((url) => new URL(url).pathname.startsWith('/v1/games/'))).toBe(false);
    expect(await cy.page.locator('#turn').textContent()).toMatch(/to play\.$/);
    await screenshot(cy.page, 'watch-phone');

    // The players play on; the spectator's page follows by itself.
    const before = (await pageState(cy)).version;
    const played = await playByClicking([ann, bob], 3);
    expect(played.moves).toBeGreaterThan(3);
    await waitPast(cy, before);
    await cy.page.locator('body[data-status=finished]').waitFor({ timeout: 15_000 });
    expect(await cy.page.locator('.winners').textContent()).toMatch(/^(Ann|Bob|Ann and Bob) wins? with \d+ points!$/);
    expect(await cy.page.getByRole('button', { name: 'Play again' }).count()).toBe(0);

    // Revoked, the link no longer opens the game.
    await ann.page.getByRole('button', { name: 'Revoke' }).click();
    await ann.page.getByText('Revoked: that link no longer works.').waitFor();
    await cy.page.reload();
    await expect.poll(() => cy.page.locator('#turn').textContent()).toMatch(/^This watch link no longer works/);
    expect(await cy.page.locator('.seat').count()).toBe(0);
    expectClean(ann);
    expectClean(bob);
    expect(cy.errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    expectClean({ ...cy, errors: [] });
  }, 180_000);
});
