// The invite page on the web client: it names who invites you to what before you sign up (the
// invitation read with the link's code, sent in a header, never in a URL); a wrong code is refused in
// words at once, says whom you join as (never "You join as ."), and shows the code to put right; a
// link fixed in the address bar is the one used (no stale code kept); a link without a code asks for it.
import { describe, expect, it } from 'vitest';
import { Seat } from '../e2e/client';
import { newcomer } from './support/player';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite();

describe('the invite page', () => {
  it('names the inviter and the game before you sign up, reading the invitation with the code in a header', async () => {
    const ann = await Seat.register(site.baseUrl, 'Ann');
    const game = await ann.create(3, { set: 9 }, [{ level: 'greedy' }]);
    const cat = await newcomer(site.browser, 'Cat', 'phone');
    const { page } = cat;
    const [asked] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(`/v1/games/${game.id}/invitation`)),
      page.goto(`${site.baseUrl}/join/${game.id}#${game.inviteCode}`),
    ]);
    await page.getByRole('heading', { name: 'Ann has invited you to a game of Chickenfoot' }).waitFor();
    expect(await page.locator('#join-game').textContent()).toBe('Double-9, 3 players, 14 tiles each: 1 seat left.');
    // The code rides in a header, not the URL (so out of access logs); no account is needed to read it.
    expect(asked.url()).not.toContain(game.inviteCode!);
    const headers = await asked.allHeaders();
    expect([headers['invite-code'], headers.authorization]).toEqual([game.inviteCode, undefined]);
    // Nothing asked for a name yet but the sign-up field; no code to put right.
    expect(await page.getByLabel('Invite code').isVisible()).toBe(false);
    expect(await page.locator('#join-problem').textContent()).toBe('');
    await screenshot(page, 'join-invitation-phone');
    expect(cat.errors).toEqual([]);
    expect(cat.blocked).toEqual([]);
  }, 60_000);

  it('refuses a wrong code in words, keeps no stale code, and joins with the link put right', async () => {
    const ann = await Seat.register(site.baseUrl, 'Ann');
    const game = await ann.create(2, { set: 6 });
    const bob = await newcomer(site.browser, 'Bob', 'phone');
    const { page } = bob;

    // A link cut short: no code. The page asks for it before anything is sent.
    await page.goto(`${site.baseUrl}/join/${game.id}`);
    await page.getByRole('heading', { name: /invited/ }).waitFor();
    expect(await page.getByLabel('Invite code').isVisible()).toBe(true);

    // A wrong code: the page says so at once (read with the invitation), before anyone signs up.
    await page.goto(`${site.baseUrl}/join/${game.id}#WRONGCODE`);
    await expect.poll(() => page.locator('#join-problem').textContent()).toMatch(/^The invite code does not match/);
    expect(await page.getByLabel('Invite code').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'You are invited to a game of Chickenfoot' }).count()).toBe(1);
    // Bob joins all the same: he signs up on the way, and the refusal says so; the page names him.
    await page.getByLabel('Your name').fill('Bob');
    await page.getByRole('button', { name: 'Join the game' }).click();
    await expect.poll(() => page.locator('#join-problem').textContent()).toMatch(/^The invite code does not match/);
    expect(await page.locator('#join-as').textContent()).toBe('You join as Bob.');
    expect(await page.getByLabel('Invite code').inputValue()).toBe('WRONGCODE');
    await screenshot(page, 'join-refused-phone');

    // The address put right (no reload): the page takes the new code, and joins with it.
    await page.evaluate(`location.hash = ${JSON.stringify(`#${encodeURIComponent(game.inviteCode!)}`)}`);
    await expect.poll(() => page.getByLabel('Invite code').inputValue()).toBe(game.inviteCode);
    // The right code: the invitation is read again, and the refusal is gone.
    await page.getByRole('heading', { name: 'Ann has invited you to a game of Chickenfoot' }).waitFor();
    expect(await page.locator('#join-problem').textContent()).toBe('');
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/join') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Join the game' }).click(),
    ]);
    expect(sent.postDataJSON()).toEqual({ inviteCode: game.inviteCode });
    await page.waitForURL(`${site.baseUrl}/games/${game.id}`);
    await page.locator('body[data-status=playing]').waitFor();
    expect(bob.blocked).toEqual([]);
    // The wrong code's two 404s (its invitation, its join) are the page's only complaints (Chromium logs every 4xx).
    const notFound = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
    expect(bob.errors).toEqual([notFound, notFound]);
    expect(page.url()).toBe(`${site.baseUrl}/games/${game.id}`);
  }, 60_000);
});
