// A player's way around the site, in a real browser: the key kept in the browser (shown, copied, a
// sign-in link opening on another device, a wrong key refused, signing out), and a game created with
// every rule option of the form set away from its default, each option explained in its sentence.
import { readFileSync } from 'node:fs';
import { GAME_FIELDS, ruleOptionsOf } from '@chickenfoot/web';
import { parse } from 'yaml';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat } from '../e2e/client';
import { isolatedPage, launchBrowser } from '../support/browser';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { signUp } from './support/player';
import { keptSession } from './support/session';
import { screenshot, VIEWPORTS } from './support/screens';

// The rule options as the form offers them: from the contract, as the site reads it.
const RULE_OPTIONS = Object.fromEntries(
  ruleOptionsOf(parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'))).map((o) => [
    o.name,
    o.spec,
  ]),
);

let served: ServedApp;
let browser: Browser;

beforeAll(async () => {
  served = await serveApp(inject('dynamoEndpoint'), {}, checkFetched);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe('a player on the web client', () => {
  it('keeps the key in the browser: shows it, copies it and a sign-in link to another device, signs out', async () => {
    const ann = await signUp(browser, served.baseUrl, 'Ann', 'desktop');
    await ann.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.baseUrl });
    const session = await keptSession(ann.page);
    expect(session?.player.name).toBe('Ann');
    const token = session!.token;

    const key = ann.page.getByLabel('Your key', { exact: true });
    expect(await key.getAttribute('type')).toBe('password');
    await ann.page.getByRole('button', { name: 'Show' }).click();
    expect(await key.getAttribute('type')).toBe('text');
    expect(await key.inputValue()).toBe(token);

    const clipboard = () => ann.page.evaluate<string>('navigator.clipboard.readText()');
    await ann.page.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => ann.page.locator('#device-status').textContent()).toBe('Key copied.');
    expect(await clipboard()).toBe(token);
    await ann.page.getByRole('button', { name: 'Copy sign-in link' }).click();
    await expect.poll(() => ann.page.locator('#device-status').textContent()).toBe('Sign-in link copied.');
    const link = await clipboard();
    expect(link).toBe(`${served.baseUrl}/#key=${encodeURIComponent(token)}`);

    // Her phone opens the link: signed in as Ann, and the key leaves the address bar.
    const phone = await isolatedPage(browser, VIEWPORTS.phone);
    await phone.page.goto(link);
    await expect.poll(() => phone.page.locator('#device-name').textContent()).toBe('Ann');
    expect(phone.page.url()).toBe(`${served.baseUrl}/`);
    expect((await keptSession(phone.page))?.token).toBe(token);
    await screenshot(phone.page, 'home-signed-in-phone');

    // Signing out on the phone forgets the key there only.
    await phone.page.getByRole('button', { name: 'Sign out' }).click();
    await phone.page.getByLabel('Your name').waitFor();
    expect(await keptSession(phone.page)).toBeNull();
    expect(await phone.page.getByRole('heading', { name: 'Your games' }).isVisible()).toBe(false);
    await ann.page.reload();
    await expect.poll(() => ann.page.locator('#device-name').textContent()).toBe('Ann');

    // A key typed wrong is refused at once, in words; the right one signs in.
    await phone.page.getByText('Already playing on another device?').click();
    await phone.page.getByLabel(/^Your key \(copy/).fill(`${token.slice(0, -4)}AAAA`);
    await phone.page.getByRole('button', { name: 'Sign in with this key' }).click();
    await expect
      .poll(() => phone.page.locator('#signin-problem').textContent())
      .toBe('This key is not valid: copy it again.');
    expect(await keptSession(phone.page)).toBeNull();
    await phone.page.getByLabel(/^Your key \(copy/).fill(token);
    await phone.page.getByRole('button', { name: 'Sign in with this key' }).click();
    await expect.poll(() => phone.page.locator('#device-name').textContent()).toBe('Ann');

    for (const player of [ann, phone]) expect(player.blocked).toEqual([]);
    expect(ann.errors).toEqual([]);
    // The wrong key's 401 is the phone's only complaint (Chromium logs every 4xx it receives).
    expect(phone.errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
  }, 60_000);

  it('creates a game with every rule option changed, the seats, a bot and the lobby, each option said in a sentence', async () => {
    const bea = await signUp(browser, served.baseUrl, 'Bea', 'phone');
    const { page } = bea;
    await page.goto(`${served.baseUrl}/new`);
    for (const spec of [...Object.values(RULE_OPTIONS), ...Object.values(GAME_FIELDS)]) {
      expect(await page.getByText(spec.sentence, { exact: true }).isVisible(), spec.label).toBe(true);
    }
    // The form says the deal the options make (docs/rules.md: 21 each for two on double-9), as they change.
    const deal = () => page.locator('#deal-line').textContent();
    expect(await deal()).toBe(
      'Each of the 2 players gets 21 tiles (the usual deal); 13 of the 55 stay in the boneyard.',
    );
    // Every option away from what a game gets without options.
    const chosen = {
      set: 12,
      handSize: 10,
      spokes: 4,
      drawnTile: 'must-play',
      doubleBlank: 25,
      opening: 'next-highest',
      chickenlittle: 'auto',
      autoPlay: 'only-move',
      botLevel: 'strong',
      turnHours: 72,
      awayAfter: 3,
    } as const;
    expect(Object.keys(chosen).sort()).toEqual(Object.keys(RULE_OPTIONS).sort());
    for (const [name, value] of Object.entries(chosen)) {
      expect(value, name).not.toBe(RULE_OPTIONS[name]?.fallback);
      const radio = page.locator(`input[type=radio][name="${name}"][value="${value}"]`);
      if ((await radio.count()) > 0) await radio.check();
      else await page.getByLabel(RULE_OPTIONS[name]?.label ?? name).fill(String(value));
    }
    await page.getByLabel('Players', { exact: true }).fill('4');
    expect(await deal()).toBe('Each of the 4 players gets 10 tiles; 51 of the 91 stay in the boneyard.');
    await page.getByLabel('Computer players').fill('1');
    await page.locator('input[type=radio][name=open][value=true]').check();
    await page.getByRole('button', { name: 'Create the game' }).click();
    await page.waitForURL(/\/games\/g_/);
    // The game as the API keeps it, asked with the key the page holds.
    const seat = new Seat(served.baseUrl, 'Bea', (await keptSession(bea.page))!.token);
    const game = await seat.view(page.url().split('/games/')[1]!);
    expect(game.rules).toMatchObject(chosen);
    expect(game.open).toBe(true);
    expect(game.seats).toHaveLength(4);
    expect(game.seats.map((s) => s.bot)).toEqual([null, 'strong', null, null]);
    await page.waitForURL(`${served.baseUrl}/games/${game.id}`);
    await page.locator('body[data-ready=true]').waitFor();
    expect(await page.locator('#turn').textContent()).toBe('Waiting for players: 2 of 4 seats taken.');
    expect(await page.locator('.seat .status').allTextContents()).toContain('a computer player (strong)');
    expect(bea.blocked).toEqual([]);
    expect(bea.errors).toEqual([]);
  }, 60_000);
});
