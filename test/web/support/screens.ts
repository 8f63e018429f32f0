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
 * Saves the page as `<name>.png` under SCREENSHOTS: the whole page, or with `{ fold: true }` only what
 * the viewport shows (a whole-page capture stretches the viewport, so boxes sized by its height grow).
 */
export async function screenshot(page: Page, name: string, { fold = false } = {}): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: !fold });
  return path;
}
