import { chooser } from '../../e2e/play-loop';
import { pageState, waitPast, type Player } from './player';

/** What a round of play looks at on one page, read in one call (each further question is a round trip). */
interface Table {
  readonly version: number;
  readonly status: string;
  readonly mine: boolean;
  /** "Next hand" is shown: the hand's end waits for this player. */
  readonly nextHand: boolean;
  /** A "Call out …" button, and a "Say …" one. */
  readonly callOut: boolean;
  readonly say: boolean;
}

// A string, as it runs in the browser, where Node's types do not apply. Buttons are matched by their
// text as Playwright's `hasText` does: ignoring case.
const TABLE = `(() => {
  const shouts = [...document.querySelectorAll('button.shout')].map((b) => (b.textContent ?? '').toLowerCase());
  return {
    version: Number(document.body.dataset.version ?? 0),
    status: document.body.dataset.status ?? '',
    mine: document.body.classList.contains('my-turn'),
    nextHand: document.querySelector('button.next-hand') !== null,
    callOut: shouts.some((text) => text.includes('call out')),
    say: shouts.some((text) => text.includes('say')),
  };
})()`;

const readTable = (player: Player) => player.page.evaluate<Table>(TABLE);

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
 * The hand as a move looks at it, read in one call: whether the page is still busy with a move (its tiles
 * say they wait), its playable tiles' attributes, and the announce box.
 */
interface Hand {
  readonly busy: boolean;
  readonly playable: readonly { pressed: string | null; label: string | null; ends: string | null }[];
  readonly announce: boolean;
}

const HAND = `({
  busy: document.querySelector('.hand-button[aria-disabled="true"]') !== null,
  playable: [...document.querySelectorAll('.hand-button.playable')].map((tile) => ({
    pressed: tile.getAttribute('aria-pressed'),
    label: tile.getAttribute('aria-label'),
    ends: tile.getAttribute('data-ends'),
  })),
  announce: document.querySelector('.announce input') !== null,
})`;

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
  const hand = await page.evaluate<Hand>(HAND);
  // The page may show the next turn (by the long-poll) before its last move's answer is back. A click
  // would wait for the tiles, but a drag does not, and the page drops it: wait as a person would.
  if (hand.busy) return null;
  const count = hand.playable.length;
  if (count > 0) {
    const announce = page.locator('.announce input');
    let clicks = 0;
    if (forgetful && hand.announce && choose([true, false])) {
      await announce.uncheck();
      clicks++;
    }
    const index = choose([...Array(count).keys()]);
    const tile = page.locator('.hand-button.playable').nth(index);
    const { pressed, label, ends } = hand.playable[index]!;
    // A tile picked before (a move that lost a race stays picked) is put back first.
    if (pressed === 'true') {
      await tile.click();
      clicks++;
    }
    const one = /fits 1 end/.test(label ?? '');
    if (choose([false, false, false, true])) {
      // Dragged onto an end it fits (the button lists them; a drag picks the tile by itself).
      const on = (ends ?? '').split(' ')[0];
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
    const states = await Promise.all(players.map(readTable));
    if (states.every((s) => s.status === 'finished')) break;
    // A hand's end stays until its player goes on.
    const looking = players.filter((_, i) => states[i]!.nextHand);
    for (const player of looking) await player.page.locator('button.next-hand').click();
    done.handEnds += looking.length;
    if (looking.length > 0) continue;
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
  states: readonly Table[],
  newest: number,
  choose: ReturnType<typeof chooser>,
  done: { shouts: number },
): Promise<boolean> {
  let shouted = false;
  for (const [i, player] of players.entries()) {
    const state = states[i]!;
    if (state.version !== newest) continue;
    const text = state.callOut ? 'Call out' : state.say && choose([true, false]) ? 'Say' : null;
    if (!text) continue;
    const shout = player.page.locator('button.shout', { hasText: text });
    await shout.first().click();
    done.shouts++;
    shouted = true;
    await waitPast(player, states[i]!.version);
  }
  return shouted;
}
