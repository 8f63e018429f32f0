import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';

/** Where the browser suites write their screenshots: git-ignored, never committed. */
export const SCREENSHOTS = fileURLToPath(new URL('../../../.tmp/screenshots/', import.meta.url));

/** A phone (iPhone 12-14 size) and a desktop. */
export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
} as const satisfies Record<string, BrowserContextOptions>;

/**
 * Saves the page as `<name>.png` under SCREENSHOTS: what the viewport shows, as a person first sees it,
 * or with `{ whole: true }` the whole page at CSS pixels. A whole page costs 5-10 times a viewport (the
 * browser stretches the viewport, lays the page out again and encodes every pixel: 1-3 s a phone page
 * on this 2-core machine, measured with 45 shots costing a quarter of two suites' time), so only the
 * pages whose point is below the fold (a game's end) are taken whole.
 */
export async function screenshot(page: Page, name: string, { whole = false } = {}): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: whole, scale: 'css' });
  return path;
}
