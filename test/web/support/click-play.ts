import { chooser } from '../../e2e/play-loop';
import { pageState, waitPast, type Player } from './player';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a game played by clicking did, for the test to check. */
export interface ClickedGame {
  readonly moves: number;
  /** Plays made by clicking an end on the board (the rest by the "… on …" buttons, or dragged). */
  readonly onBoard: number;
  /** Plays made by dragging a tile of the hand onto an end. */
  readonly dragged: number;
  readonly shouts: number;
}

/**
 * The seat in turn, on the page showing the newest version, takes one move by clicking: a tile that
 * fits, then the highlighted end on the board or the button naming it (announcing when the page
 * offers it), or it drags the tile there; or Pass. Now and then a page clicks an out-of-turn shout (announce, call-out).
 */
async function clickOnce(
  player: Player,
  choose: ReturnType<typeof chooser>,
): Promise<'board' | 'button' | 'drag' | 'pass' | null> {
  const { page } = player;
  const tiles = page.locator('.hand-button.playable');
  const count = await tiles.count();
  if (count > 0) {
    const tile = tiles.nth(choose([...Array(count).keys()]));
    // A tile picked before (a move that lost a race stays picked) is not clicked off again.
    if ((await tile.getAttribute('aria-pressed')) !== 'true') await tile.click();
    const announce = page.locator('.announce input');
    const way = choose(['board', 'board', 'button', 'drag'] as const);
    if (way === 'drag') {
      // Picked, the tile shows where it fits; put back, it is dragged there instead.
      const on = await page.locator('svg.table g.end.fits').first().getAttribute('data-end');
      await tile.click();
      await tile.dragTo(page.locator(`svg.table g.end[data-end="${on}"]`));
      return 'drag';
    }
    if ((await announce.count()) > 0 && choose([true, false])) await announce.check();
    if (way === 'board') await page.locator('svg.table g.end.fits').first().click();
    else await page.locator('button.play-on').first().click();
    return way;
  }
  const pass = page.getByRole('button', { name: /^Pass/ });
  if ((await pass.count()) > 0) {
    await pass.click();
    return 'pass';
  }
  return null;
}

/**
 * Plays a whole game through the pages, by clicking only, until every page shows it finished.
 * @example const { moves } = await playByClicking([ann, bob], 7);
 */
export async function playByClicking(players: readonly Player[], seed: number): Promise<ClickedGame> {
  const choose = chooser(seed);
  let moves = 0;
  let onBoard = 0;
  let shouts = 0;
  let dragged = 0;
  for (let round = 0; ; round++) {
    if (round > 2000) throw new Error('the game does not end');
    const states = await Promise.all(players.map(pageState));
    if (states.every((s) => s.status === 'finished')) break;
    const newest = Math.max(...states.map((s) => s.version));
    // Out of turn: a forgetful player says Chickenlittle late half the time; the others call out
    // whoever they can.
    let shouted = false;
    for (const [i, player] of players.entries()) {
      if (states[i]!.version !== newest) continue;
      const callout = player.page.locator('button.shout', { hasText: 'Call out' });
      const announce = player.page.locator('button.shout', { hasText: 'Say' });
      const shout =
        (await callout.count()) > 0 ? callout : (await announce.count()) > 0 && choose([true, false]) ? announce : null;
      if (!shout) continue;
      await shout.first().click();
      shouts++;
      shouted = true;
      await waitPast(player, states[i]!.version);
    }
    // A shout is a commit the other pages may not have heard of yet: look again before anyone moves,
    // or the mover would send a move decided on the version before it (and get 412).
    if (shouted) continue;
    const mover = states.findIndex((s) => s.mine && s.version === newest);
    if (mover < 0) {
      await sleep(30);
      continue;
    }
    const before = (await pageState(players[mover]!)).version;
    const how = await clickOnce(players[mover]!, choose);
    if (how === null) {
      await sleep(30);
      continue;
    }
    moves++;
    if (how === 'board') onBoard++;
    if (how === 'drag') dragged++;
    await waitPast(players[mover]!, before);
  }
  return { moves, onBoard, dragged, shouts };
}
