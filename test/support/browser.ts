/**
 * A real headless browser for tests: Chromium from @sparticuz/chromium (shipped inside the npm
 * package, so `npm ci` alone brings it) driven by playwright-core. Pages get no network beyond this
 * machine: every request to a host that is not loopback is blocked and recorded.
 */
import chromium from '@sparticuz/chromium';
import {
  chromium as playwright,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

// @sparticuz/chromium's flags are for Lambda; these two would turn off the same-origin policy and the
// mixed-content checks, so a page would not behave as in a person's browser. And in one process
// (`--single-process`) browser contexts share their localStorage: two players' pages would be one player.
const WEAKENING = new Set(['--disable-web-security', '--allow-running-insecure-content', '--single-process']);
// Its GPU flags are for WebGL on Lambda: a software GPU (SwiftShader) inside the browser process, which
// then composites every frame of every page through it. No page here draws with WebGL, and composited
// in software without a GPU the pages look the same, for a sixth of the browser process's CPU.
const SOFTWARE_GPU = new Set([
  '--ignore-gpu-blocklist',
  '--in-process-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
]);

/**
 * Starts headless Chromium (unpacked to the temp folder on first use, ~1-2 s).
 * @example const browser = await launchBrowser(); try { … } finally { await browser.close(); }
 */
export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: [...chromium.args.filter((arg) => !WEAKENING.has(arg) && !SOFTWARE_GPU.has(arg)), '--disable-gpu'],
    headless: true,
  });
}

/** True for 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** A page that may only reach this machine, and what it tried to reach. */
export interface IsolatedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Every request the page made, loopback or not (URLs). */
  readonly requested: string[];
  /** The requests that were blocked for leaving this machine (URLs). */
  readonly blocked: string[];
  /** Console errors and uncaught page errors. */
  readonly errors: string[];
}

/**
 * A fresh context and page whose every non-loopback request (and WebSocket) is blocked and counted,
 * with no service workers (their requests would bypass the routing). `options` sets the rest of the
 * context: a phone's viewport, say.
 * @example const { page, blocked } = await isolatedPage(browser); await page.goto(url); expect(blocked).toEqual([]);
 */
export async function isolatedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<IsolatedPage> {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  const requested: string[] = [];
  const blocked: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    requested.push(url);
    if (isLoopback(new URL(url).hostname)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(/.*/, (ws) => {
    const url = ws.url();
    if (isLoopback(new URL(url).hostname)) return ws.connectToServer();
    blocked.push(url);
    return ws.close();
  });
  const page = await context.newPage();
  return { page, context, requested, blocked, errors: pageErrors(page) };
}

/**
 * The console errors and uncaught errors of `page` from now on, as they come.
 * @example const errors = pageErrors(page); await page.goto(url); expect(errors).toEqual([]);
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}
