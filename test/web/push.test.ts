// Issue 31 in the packaged Chromium: the service worker registers; a push delivered to it through the
// DevTools protocol reaches its handler, which builds the notification (title, who moved, the
// deadline, the game's URL) and asks to show it (this headless shell never grants the permission, so
// the test reads what the worker tells the page it showed); its click function opens the game, or
// focuses the tab showing it. The app installs (its manifest, a 192 px icon); with the network cut
// the shell opens and says so, and a move made meanwhile is sent once when the network is back.
import { readFileSync } from 'node:fs';
import { fisherYates } from '@chickenfoot/rules';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chooser } from '../e2e/play-loop';
import { launchBrowser } from '../support/browser';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { createGame, QUICK_BOT_GAME, type Player } from './support/player';

let served: ServedApp;
let browser: Browser;
beforeAll(async () => {
  const seeded = chooser(11);
  served = await serveApp(
    inject('dynamoEndpoint'),
    {
      limits: { pollMs: 40 },
      shuffle: fisherYates((n) => seeded([...Array(n).keys()])),
      push: { secret: 'web-push-suite-vapid-secret-0123456789-abcdef' },
    },
    checkFetched,
  );
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** A person in a browser that runs service workers (the other suites block them), signed up. */
async function person(name: string): Promise<Player & { context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${served.baseUrl}/`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Start playing' }).click();
  await page.getByRole('heading', { name: 'Your games' }).waitFor();
  // Polled from outside (the pages' CSP forbids a function made from text, as waitForFunction makes).
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), { timeout: 20_000 }).toBe(true);
  return { page, context, name, device: 'desktop', requested: [], blocked: [], errors };
}

const tokenOf = (page: Page) =>
  page.evaluate<string>(`JSON.parse(localStorage.getItem('chickenfoot:session')).token`).catch(() => '');

describe('the installable app', () => {
  it('has a manifest with its name, icons of 192 and 512 px, a theme colour, the start URL, standalone', async () => {
    const manifest = (await (await fetch(`${served.baseUrl}/app.webmanifest`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Chickenfoot',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1f6f4a',
    });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`);
      expect(icon?.type).toBe('image/png');
      const png = Buffer.from(await (await fetch(`${served.baseUrl}${icon!.src}`)).arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    const page = await (await fetch(`${served.baseUrl}/`)).text();
    expect(page).toContain('<link rel="manifest" href="/app.webmanifest"/>');
    const worker = await fetch(`${served.baseUrl}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    const bytes = { worker: (await worker.arrayBuffer()).byteLength, manifest: JSON.stringify(manifest).length };
    console.log(`service worker ${bytes.worker} B, manifest ${bytes.manifest} B`);
    expect(readFileSync(new URL('../../packages/web/src/worker/sw.ts', import.meta.url), 'utf8')).toContain('push');
  });
});

describe('the service worker', () => {
  it('turns a push into a notification of the game, and its click opens the game or focuses its tab', async () => {
    const ann = await person('Ann');
    const { page, context } = ann;
    await page.evaluate(
      `window.shown = []; navigator.serviceWorker.addEventListener('message', (e) => window.shown.push(e.data))`,
    );
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${served.baseUrl}/`);
        if (found) resolve(found.registrationId as string);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const gameId = 'g_AAAAAAAAAAAAAAAAAAAAAA';
    const deadline = '2026-12-07T18:30:00.000Z';
    const push = {
      type: 'turn.started',
      gameId,
      version: 7,
      title: 'Your turn',
      body: 'Bob moved: it is your turn.',
      url: `/games/${gameId}`,
      deadline,
      by: 'Bob',
      tag: `game-${gameId}`,
      at: '2026-12-06T10:00:00.000Z',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: served.baseUrl,
      registrationId: await registration,
      data: JSON.stringify(push),
    });
    await expect.poll(() => page.evaluate('window.shown.length')).toBeGreaterThan(0);
    const [shown] = await page.evaluate<{ title: string; options: Record<string, unknown> }[]>('window.shown');
    expect(shown).toMatchObject({
      type: 'push-shown',
      title: 'Your turn',
      options: { tag: `game-${gameId}`, data: { url: `/games/${gameId}`, version: 7 } },
    });
    expect(shown!.options.body).toMatch(/^Bob moved: it is your turn\. Move by \w{3},? \d{2}:\d{2}\.$/);
    // The click, with the real windows, recording what it would do (opening or focusing a window needs a
    // person's click, which no protocol makes): no tab shows the game, so one is opened; once this
    // tab shows it, this tab is brought forward instead.
    const [worker] = context.serviceWorkers();
    const click = `(async () => {
      const calls = [];
      const windows = {
        matchAll: async (o) => (await self.clients.matchAll(o)).map((c) => ({ url: c.url, focus: async () => (calls.push(['focus', c.url]), c) })),
        openWindow: async (url) => (calls.push(['open', url]), null),
      };
      await self.openGame('/games/${gameId}', windows);
      return calls;
    })()`;
    const url = `${served.baseUrl}/games/${gameId}`;
    expect(await worker!.evaluate(click)).toEqual([['open', url]]);
    await page.goto(url);
    expect(await worker!.evaluate(click)).toEqual([['focus', url]]);
    await context.close();
  });
});

describe('offline', () => {
  it(
    'opens the shell with the network cut, and sends a move made meanwhile once, when it is back',
    { timeout: 120_000 },
    async () => {
      const ann = await person('Ann');
      const { page, context } = ann;
      const gameId = await createGame(ann, served.baseUrl, { ...QUICK_BOT_GAME });
      await page.reload();
      await page.locator('body[data-ready=true]').waitFor();
      await page.locator('.hand-button.playable').first().waitFor({ timeout: 30_000 });
      await context.setOffline(true);
      await page.reload();
      await page.locator('body[data-page=game]').waitFor();
      await page.getByText('You are offline; your move will be sent when you are back.').first().waitFor();
      await context.setOffline(false);
      await page.reload();
      await page.locator('.hand-button.playable').first().waitFor({ timeout: 30_000 });
      const token = await tokenOf(page);
      const view = await fetch(`${served.baseUrl}/v1/games/${gameId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const version = ((await view.json()) as { version: number }).version;
      await context.setOffline(true);
      const tile = page.locator('.hand-button.playable').first();
      await tile.click();
      if (!/fits 1 end/.test((await tile.getAttribute('aria-label')) ?? '')) {
        const on = ((await tile.getAttribute('data-ends')) ?? '').split(' ')[0];
        await page.locator(`svg.table g.end[data-end="${on}"]`).click();
      }
      await page.getByText('You are offline; your move will be sent when you are back.').first().waitFor();
      const queued = await page.evaluate<{ key: string; version: number; move: unknown }[]>(
        `JSON.parse(localStorage.getItem('chickenfoot.queued-moves'))`,
      );
      expect(queued).toHaveLength(1);
      expect(queued[0]!.version).toBe(version);
      await context.setOffline(false);
      await page.getByText('You are back: the move you made offline was sent.').waitFor({ timeout: 20_000 });
      expect(await page.evaluate(`localStorage.getItem('chickenfoot.queued-moves')`)).toBe('[]');
      // Sent again with its key (an answer lost on the way): the same commit answers, nothing new is made.
      const again = await fetch(`${served.baseUrl}/v1/games/${gameId}/moves`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'if-match': `"${version}"`,
          'idempotency-key': queued[0]!.key,
        },
        body: JSON.stringify(queued[0]!.move),
      });
      expect(again.status).toBe(200);
      const events = (await (
        await fetch(`${served.baseUrl}/v1/games/${gameId}/events?after=${version}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { commits: { version: number; idempotencyKey?: string }[] };
      expect(events.commits.filter((c) => c.version === version + 1)).toHaveLength(1);
      await context.close();
    },
  );
});
