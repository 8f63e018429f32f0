/**
 * `npm run bench:docs`: how long /docs takes to render on `npm start`, in the packaged Chromium
 * (@sparticuz/chromium, headless, no network beyond this machine): from navigation to every operation
 * of the contract drawn (`.opblock` × operations and webhooks). Beside it, in the same run and browser,
 * round by round so that both meet the same machine, two baselines:
 * - `swagger`: the same page drawing a contract of one operation (its /openapi.json answered in the
 *   browser): Swagger UI's own cost, which no contract can go under;
 * - `page`: a page of the same server with no script (/docs/rules) until its load event: the floor
 *   of a navigation here.
 * One warm-up round, then 7 timed ones in fresh pages of one browser (assets cached as a returning
 * reader's would be; the first load is also printed); medians and worsts, and /docs's median as a ratio
 * to each baseline's. Target: /docs ≤ 1 s. Prints one JSON line last. Timings mean little on a busy
 * machine; the ratios less so.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, isolatedPage } from '../support/browser';
import { loadSpec } from '../support/contract/spec';
import { npmStart } from '../bench/npm-start';

const ROUNDS = 8;
const spec = loadSpec();
const expected = spec.operations.length + Object.keys((spec.document.webhooks ?? {}) as object).length;
/** The smallest contract Swagger UI draws: one operation, one response. */
const ONE_OPERATION = {
  openapi: '3.1.0',
  info: { title: 'Baseline', version: '1.0.0' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'Pong.' } } } } },
};

/** Milliseconds from navigating to `url` until `ready` holds, in a fresh page (`contract`: /openapi.json answered so). */
async function timed(browser: Browser, url: string, ready: string | null, contract?: object): Promise<number> {
  const { page, context, blocked } = await isolatedPage(browser);
  try {
    if (contract) await context.route('**/openapi.json', (route) => route.fulfill({ json: contract }));
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    if (ready) await page.waitForFunction(ready, null, { timeout: 30_000 });
    const ms = performance.now() - started;
    if (blocked.length > 0) throw new Error(`the page reached beyond this machine: ${blocked.join(', ')}`);
    return ms;
  } finally {
    await context.close();
  }
}

const drawn = (n: number) => `document.querySelectorAll('.opblock').length >= ${n}`;
const app = await npmStart();
const browser = await launchBrowser();
const times = { docs: [] as number[], swagger: [] as number[], page: [] as number[] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    times.docs.push(await timed(browser, `${app.baseUrl}/docs`, drawn(expected)));
    times.swagger.push(await timed(browser, `${app.baseUrl}/docs`, drawn(1), ONE_OPERATION));
    times.page.push(await timed(browser, `${app.baseUrl}/docs/rules`, null));
  }
} finally {
  await browser.close();
  await app.stop();
}

/** The first load, and the median and worst of the warm ones. */
function figures(all: number[]) {
  const [first, ...warm] = all;
  const sorted = [...warm].sort((a, b) => a - b);
  return { first: first!, median: sorted[Math.floor(sorted.length / 2)]!, worst: sorted.at(-1)! };
}
const docs = figures(times.docs);
const swagger = figures(times.swagger);
const page = figures(times.page);
const ms = (n: number) => `${Math.round(n)} ms`;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
console.log(
  `/docs on npm start: ${expected} operations drawn; first load ${ms(docs.first)}, then median ${ms(docs.median)}, worst ${ms(docs.worst)} (target ≤ 1000 ms: ${docs.median <= 1000 ? 'PASS' : 'FAIL'})`,
);
console.log(
  `baseline, Swagger UI drawing one operation: median ${ms(swagger.median)}, worst ${ms(swagger.worst)}; /docs is ${ratio(docs.median, swagger.median)}× it`,
);
console.log(
  `baseline, a page with no script (/docs/rules): median ${ms(page.median)}, worst ${ms(page.worst)}; /docs is ${ratio(docs.median, page.median)}× it`,
);
console.log(
  JSON.stringify({
    operations: expected,
    firstMs: Math.round(docs.first),
    medianMs: Math.round(docs.median),
    worstMs: Math.round(docs.worst),
    swaggerOneOperationMedianMs: Math.round(swagger.median),
    pageMedianMs: Math.round(page.median),
    ratioToSwaggerOneOperation: ratio(docs.median, swagger.median),
    ratioToPage: ratio(docs.median, page.median),
    targetMs: 1000,
    pass: docs.median <= 1000,
  }),
);
