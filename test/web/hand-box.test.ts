// The hand box on a phone (390×844) holds what it shows and little more: a short hand leaves no tall
// empty band under its tiles (it pushed the seats, the story and "Play again" down a screen), measured
// from the element boxes the browser lays out; a long hand still shows two rows and scrolls.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Seat } from '../e2e/client';
import { isolatedPage } from '../support/browser';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 3 });

/** The tallest empty band in the hand box, in CSS pixels (no text, button or tile across it), and its height. */
interface Bands {
  readonly box: number;
  readonly empty: number;
  readonly at: string;
}

/**
 * Every stretch of the hand box's height that shows nothing: the box's inner top to bottom, less what
 * its tiles, buttons, inputs and lines of text cover (by their layout boxes).
 */
async function emptyBands(page: Page): Promise<Bands> {
  // Runs in the page (a string: Node's types have no DOM).
  return page.evaluate<Bands>(`(() => {
    const play = document.querySelector('#play');
    const box = play.getBoundingClientRect();
    const style = getComputedStyle(play);
    const top = box.top + parseFloat(style.paddingTop) + parseFloat(style.borderTopWidth);
    const bottom = box.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
    const shown = [];
    for (const el of play.querySelectorAll('button, input, svg, label, a')) shown.push(el.getBoundingClientRect());
    const walker = document.createTreeWalker(play, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      shown.push(...range.getClientRects());
    }
    const covered = shown.filter((r) => r.height > 0 && r.width > 0).map((r) => [r.top, r.bottom]).sort((a, b) => a[0] - b[0]);
    let reached = top, empty = 0, at = 'nothing shown';
    for (const [from, to] of covered) {
      if (from - reached > empty) { empty = from - reached; at = 'from ' + Math.round(reached - box.top) + ' px'; }
      reached = Math.max(reached, to);
    }
    if (bottom - reached > empty) { empty = bottom - reached; at = 'at the bottom, from ' + Math.round(reached - box.top) + ' px'; }
    return { box: Math.round(box.height), empty: Math.round(empty), at };
  })()`);
}

/** Ann's phone, signed in, on the game. */
async function annOnPhone(ann: Seat, gameId: string): Promise<Page> {
  const { page, context } = await isolatedPage(site.browser, VIEWPORTS.phone);
  await signInAs(context, site.baseUrl, ann);
  await page.goto(`${site.baseUrl}/games/${gameId}`);
  await page.locator('body[data-ready=true]').waitFor();
  return page;
}

// At most the height of a line of text and its margins: a row of tiles is ~70 px, the old band ~180 px.
const MOST_EMPTY = 48;

describe('the hand box on a phone', () => {
  it('a short hand leaves no tall empty band', async () => {
    const ann = await Seat.register(site.baseUrl, 'Ann');
    const game = await ann.create(2, { set: 6, handSize: 3, opening: 'next-highest', botLevel: 'random' }, [{}]);
    const page = await annOnPhone(ann, game.id);
    const tiles = await page.locator('.hand-button').count();
    expect(tiles).toBeGreaterThan(0);
    // One row (eight fit a row on a phone): the case the band was worst in.
    expect(tiles).toBeLessThanOrEqual(8);
    const bands = await emptyBands(page);
    await screenshot(page, 'hand-box-short-phone');
    expect(bands.empty, `${tiles} tiles in a box of ${bands.box} px: ${bands.empty} px empty ${bands.at}`).toBeLessThan(
      MOST_EMPTY,
    );
    // Its tiles are whole and in view, as before.
    const hand = await page.locator('.hand').boundingBox();
    const first = await page.locator('.hand-button').first().boundingBox();
    expect(first!.y + first!.height).toBeLessThanOrEqual(hand!.y + hand!.height);
  }, 60_000);

  it('a hand of two rows leaves none either', async () => {
    const ann = await Seat.register(site.baseUrl, 'Ann');
    const game = await ann.create(2, { set: 6, handSize: 9, botLevel: 'random' }, [{}]);
    const page = await annOnPhone(ann, game.id);
    const bands = await emptyBands(page);
    await screenshot(page, 'hand-box-nine-phone');
    expect(bands.empty, `${bands.empty} px empty ${bands.at}`).toBeLessThan(MOST_EMPTY);
  }, 60_000);
});
