// A whole hand played with the keyboard alone, against a bot: from the top of the page, Tab to the
// skip link and into the hand, arrows along it, Enter to play (Tab to the place when a tile fits
// several ends, or to Pass), focus back in the hand after every move, the hand's end reached by the
// keyboard and left with "Next hand". Every key is counted, and the counts printed.
import { describe, expect, it } from 'vitest';
import { Seat, type Game } from '../e2e/client';
import { isolatedPage } from '../support/browser';
import { arrowToTile, focused, press, tabTo, type KeyCount } from './support/keyboard';
import { pageState, waitPast, type Player } from './support/player';
import { screenshot, VIEWPORTS } from './support/screens';
import { signInAs } from './support/session';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 41 });

/**
 * One move of Ann's by keys: the play the API lists last (most often not the tile the hand offers first,
 * so the arrows are used; its tile, then its place), or Pass.
 */
async function keyMove(player: Player, own: Game, keys: KeyCount): Promise<boolean> {
  const { page } = player;
  const play = own.legalMoves.findLast((m) => m.type === 'play');
  if (play?.type === 'play') {
    if ((await focused(page)).tile === null) await tabTo(page, keys, (f) => f.tile !== null, { most: 4 });
    await arrowToTile(page, keys, play.tile);
    // Ends, not moves: a play that leaves one tile is listed twice (with "Chickenlittle!" and without).
    const places = new Set(own.legalMoves.flatMap((m) => (m.type === 'play' && m.tile === play.tile ? [m.on] : [])))
      .size;
    await press(page, 'Enter', keys);
    if (places > 1) {
      await tabTo(page, keys, (f) => f.classes.includes('play-on'), { most: 4 });
      await press(page, 'Enter', keys);
    }
    return true;
  }
  if (own.legalMoves.some((m) => m.type === 'pass')) {
    await tabTo(page, keys, (f) => f.text.startsWith('Pass'), { most: 10 });
    await press(page, 'Enter', keys);
    return true;
  }
  return false;
}

/**
 * Ann's view once her page shows the same version: the page hears of a commit a moment after the API
 * has it (a bot's move made by the sweeper, a hand's end), and keys pressed on an older page would
 * answer an older game.
 */
async function inStep(player: Player, ann: Seat, gameId: string): Promise<Game> {
  for (let tries = 0; ; tries++) {
    const own = await ann.view(gameId);
    const shown = (await pageState(player)).version;
    if (shown === own.version) return own;
    if (tries > 200) throw new Error(`the page stays at version ${shown}, the game is at ${own.version}`);
    await player.page.waitForTimeout(50);
  }
}

describe('the keyboard alone', () => {
  it('plays a whole hand against a bot, counting every Tab', async () => {
    const ann = await Seat.register(site.baseUrl, 'Ann');
    const rules = { set: 6, handSize: 7, opening: 'next-highest', autoPlay: 'off', botLevel: 'random' } as const;
    const game = await ann.create(2, rules, [{ level: 'random' }]);
    const isolated = await isolatedPage(site.browser, VIEWPORTS.desktop);
    const player: Player = { ...isolated, name: 'Ann', device: 'desktop' };
    const { page } = player;
    await signInAs(isolated.context, site.baseUrl, ann);
    await page.goto(`${site.baseUrl}/games/${game.id}`);
    await page.locator('body[data-ready=true]').waitFor();

    const keys = { tabs: 0, arrows: 0, enters: 0 };
    await tabTo(page, keys, (f) => f.text === 'Skip to your hand', { most: 1 });
    await press(page, 'Enter', keys);
    let moves = 0;
    while ((await page.locator('.hand-end').count()) === 0) {
      if (moves > 60) throw new Error('the hand does not end');
      await page.locator('body.my-turn, .hand-end').first().waitFor();
      const own = await inStep(player, ann, game.id);
      if ((await page.locator('.hand-end').count()) > 0) break;
      const { version } = own;
      expect(await keyMove(player, own, keys)).toBe(true);
      moves++;
      await waitPast(player, version);
      // Focus stays with the game: on a tile of the hand, or on the hand's end when that move ended it.
      await expect
        .poll(async () => {
          const now = await focused(page);
          return now.tile !== null || now.text.startsWith('Hand 1 is over');
        })
        .toBe(true);
    }
    const perMove = (n: number) => (n / moves).toFixed(2);
    console.log(
      `keyboard, a whole hand against a bot: ${moves} moves, ${keys.tabs} Tabs (${perMove(keys.tabs)} a move, the first two to reach the hand), ${keys.arrows} arrows (${perMove(keys.arrows)}), ${keys.enters} Enters (${perMove(keys.enters)})`,
    );
    expect(moves).toBeGreaterThan(3);
    // The hand's end: the keyboard is on its heading; Tab to "Next hand", Enter, and back in the next hand.
    await screenshot(page, 'keyboard-hand-end-desktop');
    await tabTo(page, keys, (f) => f.text.startsWith('Next hand'), { most: 3 });
    await press(page, 'Enter', keys);
    await page.locator('.hand-end').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).tile).not.toBeNull();
    expect(isolated.blocked).toEqual([]);
    expect(isolated.errors).toEqual([]);
  }, 120_000);
});
