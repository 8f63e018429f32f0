/**
 * `npm run bench:docs`: how long /docs takes to render on `npm start`, in the packaged Chromium
 * (@sparticuz/chromium, headless, no network beyond this machine): from navigation to every operation
 * of the contract drawn (`.opblock` × operations and webhooks). One warm-up load, then 7 timed ones in
 * fresh pages of one browser (assets cached as a returning reader's would be; the first load is also
 * printed); median and worst. Target: ≤ 1 s. Prints one JSON line last. Timings mean little on a busy
 * machine.
 */
import { launchBrowser, isolatedPage } from '../support/browser';
import { loadSpec } from '../support/contract/spec';
import { npmStart } from '../bench/npm-start';

const spec = loadSpec();
const expected = spec.operations.length + Object.keys((spec.document.webhooks ?? {}) as object).length;
const app = await npmStart();
const browser = await launchBrowser();
const times: number[] = [];
try {
  for (let i = 0; i < 8; i++) {
    const { page, context, blocked } = await isolatedPage(browser);
    const started = performance.now();
    await page.goto(`${app.baseUrl}/docs`);
    await page.waitForFunction(`document.querySelectorAll('.opblock').length >= ${expected}`, null, {
      timeout: 30_000,
    });
    times.push(performance.now() - started);
    if (blocked.length > 0) throw new Error(`the docs reached beyond this machine: ${blocked.join(', ')}`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
const [first, ...warm] = times;
const sorted = [...warm].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
const worst = sorted.at(-1)!;
console.log(
  `/docs on npm start: ${expected} operations drawn; first load ${Math.round(first!)} ms, then median ${Math.round(median)} ms, worst ${Math.round(worst)} ms (target ≤ 1000 ms: ${median <= 1000 ? 'PASS' : 'FAIL'})`,
);
console.log(
  JSON.stringify({
    operations: expected,
    firstMs: Math.round(first!),
    medianMs: Math.round(median),
    worstMs: Math.round(worst),
  }),
);
