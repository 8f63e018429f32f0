// /docs in a real headless browser with no network but this machine: Swagger UI comes from the app
// itself and renders every operation of the contract.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isolatedPage, launchBrowser } from '../support/browser';
import { checkFetched } from '../support/contract/fetch';
import { loadSpec } from '../support/contract/spec';
import { serveApp, type ServedApp } from '../support/serve';

let served: ServedApp;
let browser: Browser;

beforeAll(async () => {
  // What the browser receives is checked against the contract too (the docs' own requests are no operation).
  served = await serveApp(inject('dynamoEndpoint'), {}, checkFetched);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe('the docs page, offline', () => {
  it('renders every operation of openapi.yaml from the app’s own assets, and asks nothing of the network', async () => {
    const { page, requested, blocked, errors } = await isolatedPage(browser);
    const started = performance.now();
    await page.goto(`${served.baseUrl}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const rendered = performance.now() - started;

    const operations = await page.locator('.opblock-summary-operation-id').allTextContents();
    const spec = loadSpec();
    // The webhooks the server sends are documented as operations too (OpenAPI 3.1's `webhooks`).
    const webhooks = Object.values((spec.document.webhooks ?? {}) as Record<string, { post: { operationId: string } }>);
    const expected = [...spec.operations.map((op) => op.id), ...webhooks.map((w) => w.post.operationId)];
    expect(new Set(operations)).toEqual(new Set(expected));
    const title = await page.locator('.info .title').first().textContent();
    expect(title).toContain('Chickenfoot API');
    // The problem pages and the rules are linked from the docs, as pages of this server.
    const links = await page.locator('.info a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/problems', '/docs/rules']));
    // "Try it out" calls the server the page came from, not the contract's default (npm start's).
    const server = await page.evaluate(() => {
      const ui = (globalThis as unknown as { ui: { specSelectors: { specJson(): { toJS(): any } } } }).ui;
      return ui.specSelectors.specJson().toJS().servers[0].variables.host.default as string;
    });
    expect(server).toBe(new URL(served.baseUrl).host);

    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    const assets = requested.filter((url) => url.includes('/docs/assets/'));
    expect(assets.some((url) => url.endsWith('/swagger-ui-bundle.js'))).toBe(true);
    expect(requested.some((url) => url.endsWith('/openapi.json'))).toBe(true);
    console.log(
      `docs offline: ${operations.length} operations rendered in ${Math.round(rendered)} ms, ${requested.length} requests (all loopback), ${blocked.length} blocked`,
    );
  }, 60_000);

  it('the web client at / points programmers at the docs and the contract', async () => {
    const { page, blocked } = await isolatedPage(browser);
    await page.goto(`${served.baseUrl}/`);
    const links = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(expect.arrayContaining(['/docs', '/openapi.json', '/new']));
    await page.click('a[href="/docs"]');
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    expect(blocked).toEqual([]);
  }, 60_000);
});
