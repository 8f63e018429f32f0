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
  /** Plays made by one click on a tile that fits one end only. */
  readonly oneClick: number;
  readonly shouts: number;
  /** Clicks spent on moves (a drag counts as one). */
  readonly clicks: number;
  /** Hands' ends looked at, then left with "Next hand". */
  readonly handEnds: number;
}

type Way = 'one-click' | 'board' | 'button' | 'drag' | 'pass';

/**
 * The seat in turn, on the page showing the newest version, takes one move by clicking: a tile that
 * fits one end only is played by clicking it; one that fits several is picked, then played on the
 * highlighted end on the board or by the button naming it; or it is dragged there; or Pass. A
 * `forgetful` player now and then unticks "Say Chickenlittle with my play" first. Returns how, and the clicks.
 */
async function clickOnce(
  player: Player,
  choose: ReturnType<typeof chooser>,
  forgetful: boolean,
): Promise<{ way: Way; clicks: number } | null> {
  const { page } = player;
  const tiles = page.locator('.hand-button.playable');
  const count = await tiles.count();
  if (count > 0) {
    const announce = page.locator('.announce input');
    let clicks = 0;
    if (forgetful && (await announce.count()) > 0 && choose([true, false])) {
      await announce.uncheck();
      clicks++;
    }
    const tile = tiles.nth(choose([...Array(count).keys()]));
    // A tile picked before (a move that lost a race stays picked) is put back first.
    if ((await tile.getAttribute('aria-pressed')) === 'true') {
      await tile.click();
      clicks++;
    }
    const one = /fits 1 end/.test((await tile.getAttribute('aria-label')) ?? '');
    if (choose([false, false, false, true])) {
      // Dragged onto an end it fits (the button lists them; a drag picks the tile by itself).
      const on = ((await tile.getAttribute('data-ends')) ?? '').split(' ')[0];
      await tile.dragTo(page.locator(`svg.table g.end[data-end="${on}"]`));
      return { way: 'drag', clicks: clicks + 1 };
    }
    await tile.click();
    if (one) return { way: 'one-click', clicks: clicks + 1 };
    const way = choose(['board', 'board', 'button'] as const);
    if (way === 'board') await page.locator('svg.table g.end.fits').first().click();
    else await page.locator('button.play-on').first().click();
    return { way, clicks: clicks + 2 };
  }
  const pass = page.getByRole('button', { name: /^Pass/ });
  if ((await pass.count()) > 0) {
    await pass.click();
    return { way: 'pass', clicks: 1 };
  }
  return null;
}

/**
 * Plays a whole game through the pages, by clicking only, until every page shows it finished. Each
 * hand's end is looked at, then left with "Next hand". With `forgetful`, players now and then untick
 * "Say Chickenlittle with my play" (so call-outs come); without, they never do.
 * @example const { moves } = await playByClicking([ann, bob], 7);
 */
export async function playByClicking(
  players: readonly Player[],
  seed: number,
  { forgetful = true } = {},
): Promise<ClickedGame> {
  const choose = chooser(seed);
  const done = { moves: 0, onBoard: 0, dragged: 0, oneClick: 0, shouts: 0, clicks: 0, handEnds: 0 };
  for (let round = 0; ; round++) {
    if (round > 3000) throw new Error('the game does not end');
    const states = await Promise.all(players.map(pageState));
    if (states.every((s) => s.status === 'finished')) break;
    // A hand's end stays until its player goes on.
    let looked = false;
    for (const player of players) {
      const next = player.page.locator('button.next-hand');
      if ((await next.count()) === 0) continue;
      await next.click();
      done.handEnds++;
      looked = true;
    }
    if (looked) continue;
    const newest = Math.max(...states.map((s) => s.version));
    if (await shoutOnce(players, states, newest, choose, done)) continue;
    const mover = states.findIndex((s) => s.mine && s.version === newest);
    if (mover < 0) {
      await sleep(30);
      continue;
    }
    const before = (await pageState(players[mover]!)).version;
    const how = await clickOnce(players[mover]!, choose, forgetful);
    if (how === null) {
      await sleep(30);
      continue;
    }
    done.moves++;
    done.clicks += how.clicks;
    if (how.way === 'board') done.onBoard++;
    if (how.way === 'drag') done.dragged++;
    if (how.way === 'one-click') done.oneClick++;
    await waitPast(players[mover]!, before);
  }
  return done;
}

/**
 * Out of turn: a player holding one tile unannounced says it late half the time; the others call out
 * whoever they can. True when someone shouted: a commit the other pages may not have heard of yet, so
 * they look again before anyone moves (or the mover would send a move decided on the version before it).
 */
async function shoutOnce(
  players: readonly Player[],
  states: readonly { version: number }[],
  newest: number,
  choose: ReturnType<typeof chooser>,
  done: { shouts: number },
): Promise<boolean> {
  let shouted = false;
  for (const [i, player] of players.entries()) {
    if (states[i]!.version !== newest) continue;
    const callout = player.page.locator('button.shout', { hasText: 'Call out' });
    const announce = player.page.locator('button.shout', { hasText: 'Say' });
    const shout =
      (await callout.count()) > 0 ? callout : (await announce.count()) > 0 && choose([true, false]) ? announce : null;
    if (!shout) continue;
    await shout.first().click();
    done.shouts++;
    shouted = true;
    await waitPast(player, states[i]!.version);
  }
  return shouted;
}
