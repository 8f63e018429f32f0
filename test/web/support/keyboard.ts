import type { Page } from 'playwright-core';

/** The keys pressed so far, by kind: what a keyboard player spends. */
export interface KeyCount {
  tabs: number;
  arrows: number;
  enters: number;
}

/** What has the keyboard's focus: its tag, its tile or end, its classes and its name (its label's text, for a field). */
export interface Focused {
  readonly tag: string;
  readonly tile: string | null;
  readonly ends: string | null;
  readonly end: string | null;
  readonly classes: string;
  readonly text: string;
  readonly pressed: string | null;
}

/** The element with the keyboard's focus, as the tests read it (read in the page: Node's types have no DOM). */
export async function focused(page: Page): Promise<Focused> {
  return page.evaluate<Focused>(`(() => {
    const e = document.activeElement;
    const cls = e && e.getAttribute('class');
    return {
      tag: e ? e.tagName.toLowerCase() : '',
      tile: e && e.getAttribute('data-tile'),
      ends: e && e.getAttribute('data-ends'),
      end: e && e.getAttribute('data-end'),
      classes: cls || '',
      text: e ? (e.getAttribute('aria-label') || (e.labels && e.labels[0] ? e.labels[0].textContent : '') || e.textContent || '').trim().replace(/\\s+/g, ' ') : '',
      pressed: e && e.getAttribute('aria-pressed'),
    };
  })()`);
}

/** Presses a key, counted. */
export async function press(page: Page, key: string, count: KeyCount): Promise<void> {
  await page.keyboard.press(key);
  if (/Tab$/.test(key)) count.tabs++;
  else if (/^Arrow/.test(key)) count.arrows++;
  else if (key === 'Enter' || key === ' ') count.enters++;
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element is what `want` says, at most `most`
 * times; throws when it never is (what the keyboard cannot reach, a person cannot use).
 */
export async function tabTo(
  page: Page,
  count: KeyCount,
  want: (f: Focused) => boolean,
  { back = false, most = 30 } = {},
): Promise<Focused> {
  for (let i = 0; i < most; i++) {
    await press(page, back ? 'Shift+Tab' : 'Tab', count);
    const now = await focused(page);
    if (want(now)) return now;
  }
  throw new Error(
    `Tab never reached what was wanted (${most} presses, last on ${JSON.stringify(await focused(page))})`,
  );
}

/** Presses the right or left arrow until the hand's focused tile is `tile` (the hand wraps). */
export async function arrowToTile(page: Page, count: KeyCount, tile: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await focused(page)).tile === tile) return;
    await press(page, 'ArrowRight', count);
  }
  throw new Error(`the arrows never reached ${tile}`);
}
