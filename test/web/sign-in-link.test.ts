// A sign-in link (`/#key=<token>`) opened in a browser that already holds another account's key: the page
// asks first, naming both accounts as the API knows them now, and whatever the answer no key is lost (the
// one switched away from stays on this device, listed under "This device", to switch back). The key leaves
// the address bar at once; a link with the key already held changes nothing; a link with a dead key says so.
// The real site over real HTTP, in a real browser; every reply the pages get is checked against the contract.
import { describe, expect, it } from 'vitest';
import { Seat } from '../e2e/client';
import { expectClean, signUp, type Player } from './support/player';
import { keptSession } from './support/session';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite();

/** The other accounts "This device" lists: the names on their buttons to switch back. */
async function keptNames(player: Player): Promise<string[]> {
  const list = player.page.locator('#kept-accounts');
  if (!(await list.isVisible())) return [];
  return list.getByRole('button').allTextContents();
}

/** Opens a link afresh (a new page load, as from another app), never as a jump within the page. */
async function open(player: Player, link: string): Promise<void> {
  await player.page.goto('about:blank');
  await player.page.goto(link);
}

describe('a sign-in link', () => {
  it('for another account asks first, names both, and keeps the key switched away from', async () => {
    const { baseUrl } = site;
    const ann = await signUp(site.browser, baseUrl, 'Ann', 'desktop');
    const annKey = (await keptSession(ann.page))!.token;
    const bob = await Seat.register(baseUrl, 'Bob');
    const link = `${baseUrl}/#key=${encodeURIComponent(bob.token)}`;

    await open(ann, link);
    // The key is out of the address bar at once, before any answer (nor left in the history).
    await expect.poll(() => ann.page.url()).toBe(`${baseUrl}/`);
    const ask = ann.page.getByRole('dialog', { name: 'Switch accounts?' });
    await ask.waitFor();
    expect(await ask.locator('#switch-link-name').textContent()).toBe('Bob');
    expect(await ask.locator('#switch-device-name').textContent()).toBe('Ann');
    // Nothing changed while the page asks.
    expect((await keptSession(ann.page))?.token).toBe(annKey);
    await screenshot(ann.page, 'sign-in-link-ask-desktop');

    // Keeping this device's account: as before, and the link's key is not kept.
    await ask.getByRole('button', { name: 'Keep this device’s account (Ann)' }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    expect((await keptSession(ann.page))?.token).toBe(annKey);
    expect(await ann.page.locator('#device-name').textContent()).toBe('Ann');
    expect(await keptNames(ann)).toEqual([]);

    // The same link pasted into the open page's address bar (a jump within the page): asked again.
    await ann.page.evaluate(`location.hash = ${JSON.stringify(`key=${encodeURIComponent(bob.token)}`)}`);
    await expect.poll(() => ann.page.url()).toBe(`${baseUrl}/`);
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Switch to Bob' }).click();
    await expect.poll(() => ann.page.locator('#device-name').textContent()).toBe('Bob');
    expect((await keptSession(ann.page))?.token).toBe(bob.token);
    expect(await keptNames(ann)).toEqual(['Switch to Ann']);
    await screenshot(ann.page, 'sign-in-link-kept-desktop');

    // Kept across a reload, and restorable: Ann's key back, Bob's kept in its place.
    await ann.page.reload();
    await expect.poll(() => keptNames(ann)).toEqual(['Switch to Ann']);
    await ann.page.getByRole('button', { name: 'Switch to Ann' }).click();
    await expect.poll(() => ann.page.locator('#device-name').textContent()).toBe('Ann');
    expect((await keptSession(ann.page))?.token).toBe(annKey);
    expect(await keptNames(ann)).toEqual(['Switch to Bob']);
    expectClean(ann);
  }, 90_000);

  it('with the key already held changes nothing; with a dead key says so and changes nothing', async () => {
    const { baseUrl } = site;
    const cy = await signUp(site.browser, baseUrl, 'Cy', 'phone');
    const cyKey = (await keptSession(cy.page))!.token;

    await open(cy, `${baseUrl}/#key=${encodeURIComponent(cyKey)}`);
    await expect.poll(() => cy.page.url()).toBe(`${baseUrl}/`);
    await expect.poll(() => cy.page.locator('#device-name').textContent()).toBe('Cy');
    expect(await cy.page.getByRole('dialog').count()).toBe(0);
    expect((await keptSession(cy.page))?.token).toBe(cyKey);
    expect(await keptNames(cy)).toEqual([]);

    // A key the API refuses (a typo, a deleted account): said in words; still Cy, nothing kept.
    await open(cy, `${baseUrl}/#key=${encodeURIComponent(`${cyKey.slice(0, -4)}AAAA`)}`);
    await expect.poll(() => cy.page.url()).toBe(`${baseUrl}/`);
    await expect
      .poll(() => cy.page.locator('#link-status').textContent())
      .toBe('The key in this sign-in link is not valid: you are still signed in as Cy.');
    expect(await cy.page.getByRole('dialog').isVisible()).toBe(false);
    expect((await keptSession(cy.page))?.token).toBe(cyKey);
    expect(await keptNames(cy)).toEqual([]);
    await screenshot(cy.page, 'sign-in-link-dead-key-phone');
    // The refused key's 401 is the page's only complaint (Chromium logs every 4xx it receives).
    expect(cy.errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    expectClean({ ...cy, errors: [] });
  }, 60_000);
});
