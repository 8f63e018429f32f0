// The invite page on the web client: a wrong code is refused in words, says whom you join as (never
// "You join as ."), and shows the code to put right; a link fixed in the address bar is the one used
// (no stale code kept); a link without a code asks for it.
import { describe, expect, it } from 'vitest';
import { Seat } from '../e2e/client';
import { newcomer } from './support/player';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite();

describe('the invite page', () => {
  it('refuses a wrong code in words, keeps no stale code, and joins with the link put right', async () => {
    const ann = await Seat.register(site.baseUrl, 'Ann');
    const game = await ann.create(2, { set: 6 });
    const bob = await newcomer(site.browser, 'Bob', 'phone');
    const { page } = bob;

    // A link cut short: no code. The page asks for it before anything is sent.
    await page.goto(`${site.baseUrl}/join/${game.id}`);
    await page.getByRole('heading', { name: /invited/ }).waitFor();
    expect(await page.getByLabel('Invite code').isVisible()).toBe(true);

    // A wrong code: Bob signs up on the way, and the refusal says so; the page names him.
    await page.goto(`${site.baseUrl}/join/${game.id}#WRONGCODE`);
    await page.getByLabel('Your name').fill('Bob');
    await page.getByRole('button', { name: 'Join the game' }).click();
    await expect.poll(() => page.locator('#join-problem').textContent()).toMatch(/^The invite code does not match/);
    expect(await page.locator('#join-as').textContent()).toBe('You join as Bob.');
    expect(await page.getByLabel('Invite code').inputValue()).toBe('WRONGCODE');
    await screenshot(page, 'join-refused-phone');

    // The address put right (no reload): the page takes the new code, and joins with it.
    await page.evaluate(`location.hash = ${JSON.stringify(`#${encodeURIComponent(game.inviteCode!)}`)}`);
    await expect.poll(() => page.getByLabel('Invite code').inputValue()).toBe(game.inviteCode);
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/join') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Join the game' }).click(),
    ]);
    expect(sent.postDataJSON()).toEqual({ inviteCode: game.inviteCode });
    await page.waitForURL(`${site.baseUrl}/games/${game.id}`);
    await page.locator('body[data-status=playing]').waitFor();
    expect(bob.blocked).toEqual([]);
    // The wrong code's 404 is the page's only complaint (Chromium logs every 4xx it receives).
    expect(bob.errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    expect(page.url()).toBe(`${site.baseUrl}/games/${game.id}`);
  }, 60_000);
});
