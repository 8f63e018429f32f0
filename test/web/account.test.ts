// The account on the web client: renaming (the new name in games joined from then on, the old one kept
// where it was), and deleting the account in two steps: the page signs out and says so, the key is refused
// everywhere, a bot takes the seat in the game in play and the other player sees no name of it.
// The real site over real HTTP, in a real browser; every reply the pages get is checked against the contract.
import { describe, expect, it } from 'vitest';
import { createGame, expectClean, inviteLink, joinByLink, signUp } from './support/player';
import { keptSession } from './support/session';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite();

describe('the account on the web client', () => {
  it('renames: the header says the new name, a game joined before keeps the old one, a new game has the new', async () => {
    const { baseUrl } = site;
    const gus = await signUp(site.browser, baseUrl, 'Gus', 'desktop');
    const before = await createGame(gus, baseUrl, { seats: 2, set: 6 });
    await gus.page.goto(`${baseUrl}/`);
    const field = gus.page.getByLabel('New name');
    expect(await field.inputValue()).toBe('Gus');
    await field.fill('Gustav');
    await gus.page.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => gus.page.locator('#who').textContent()).toBe('Gustav');
    expect(await gus.page.locator('#device-name').textContent()).toBe('Gustav');
    // A name the API refuses is said in its words, and changes nothing.
    await field.fill('\u202eGus');
    await gus.page.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => gus.page.locator('#rename-problem').textContent()).not.toBe('');
    await gus.page.reload();
    await expect.poll(() => gus.page.locator('#who').textContent()).toBe('Gustav');

    await gus.page.goto(`${baseUrl}/games/${before}`);
    await gus.page.locator('body[data-ready=true]').waitFor();
    expect(await gus.page.locator('.seat .name').first().textContent()).toContain('Gus');
    expect(await gus.page.locator('.seat .name').first().textContent()).not.toContain('Gustav');
    await createGame(gus, baseUrl, { seats: 2, set: 6 });
    expect(await gus.page.locator('.seat .name').first().textContent()).toContain('Gustav');
    // The one refusal asked for, as the browser logs it; nothing else.
    expect(gus.errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    expectClean({ ...gus, errors: [] });
  }, 90_000);

  it('deletes the account in two steps: signed out, the key refused, a bot in the seat and no name left', async () => {
    const { baseUrl } = site;
    const ida = await signUp(site.browser, baseUrl, 'Ida', 'phone');
    const gameId = await createGame(ida, baseUrl, { seats: 2, set: 6 });
    const link = await inviteLink(ida);
    const jo = await signUp(site.browser, baseUrl, 'Jo', 'desktop');
    await joinByLink(jo, link);
    await ida.page.locator('body[data-status=playing]').waitFor();
    const token = (await keptSession(ida.page))?.token;
    expect(token).toMatch(/./);

    await ida.page.goto(`${baseUrl}/`);
    await ida.page.getByRole('button', { name: 'Delete my account…' }).click();
    await screenshot(ida.page, 'account-delete-phone');
    // The first step only asks: keeping the account closes the question.
    await ida.page.getByRole('button', { name: 'Keep my account' }).click();
    expect(await ida.page.getByRole('button', { name: 'Delete for good' }).isVisible()).toBe(false);
    await ida.page.getByRole('button', { name: 'Delete my account…' }).click();
    await ida.page.getByRole('button', { name: 'Delete for good' }).click();
    await ida.page.getByText('Your account is deleted').waitFor();
    expect(new URL(ida.page.url()).hash).toBe('');
    expect(await ida.page.getByRole('button', { name: 'Start playing' }).isVisible()).toBe(true);
    expect(await keptSession(ida.page)).toBeNull();
    const refused = await fetch(`${baseUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);

    // Jo's game goes on with a bot in Ida's seat, and Ida's name is gone from it.
    await jo.page.goto(`${baseUrl}/games/${gameId}`);
    await jo.page.locator('body[data-ready=true]').waitFor();
    const seats = await jo.page.locator('.seat').allTextContents();
    expect(seats.join(' ')).not.toContain('Ida');
    expect(seats[0]).toMatch(/^A deleted player \(left; a bot plays\)/);
    expectClean(ida);
    expectClean(jo);
  }, 90_000);
});
