import { ApiError, type Commit, type Game } from '../api';
import type { GameSource } from './source';

/** How long one long-poll may wait, in seconds (the API's maximum). */
export const WAIT_SECONDS = 20;

/** An empty answer sooner than this was not held at all (a muted table, a wait of 0): a pause follows it. */
const HELD_MS = 2000;

/**
 * The pause after a look that came back empty, `elapsedMs` after it was sent: none after a wait the
 * API held (its 20 s, or less where it ends waits sooner: on AWS, before the function's timeout), and
 * the rest of the 20 s after one it answered at once, so that nothing loops tight.
 * @example pauseAfter(8_100) // 0: held (on AWS), look again at once
 * @example pauseAfter(40) // 19_960: answered at once
 */
export function pauseAfter(elapsedMs: number): number {
  return elapsedMs < HELD_MS ? WAIT_SECONDS * 1000 - elapsedMs : 0;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the tab is visible again (at once if it is). */
export function visible(): Promise<void> {
  if (document.visibilityState === 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const on = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', on);
      resolve();
    };
    document.addEventListener('visibilitychange', on);
  });
}

/** What the follower reports. */
export interface Follower {
  /** The newest version known: where to resume. */
  readonly version: () => number;
  /** New commits (after `version()`), oldest first. */
  readonly commits: (commits: readonly Commit[], version: number) => void;
  /** Whether the API answers. */
  readonly online: (ok: boolean) => void;
  /** The tab came back after being hidden: time to look again. */
  readonly resumed: () => void;
  /**
   * A wait came back with no commits. A finished game's does when its rematch is proposed (the API
   * ends it then): the moment to read the view again, which links it.
   */
  readonly quiet: () => Promise<void>;
  /** True once nothing more can happen (the game is over). */
  readonly done: () => boolean;
}

/**
 * Keeps up with a game: long-polls `GET …/events?after=<version>&wait=20`, so an idle page asks about
 * three times a minute and hears of a move at once; once the game is over, and until it has a rematch
 * (see `Follower.done`), the same wait hears of the rematch. Pauses while the tab is hidden. A wait that
 * comes back empty at once is followed by a pause (`pauseAfter`), never a tight loop; one the API held,
 * even for less than asked, by the next wait; failures back off up to 30 s, or as long as `Retry-After` says.
 */
export async function follow(source: GameSource, follower: Follower): Promise<void> {
  let backoff = 1000;
  while (!follower.done()) {
    if (document.visibilityState !== 'visible') {
      await visible();
      follower.resumed();
    }
    const started = Date.now();
    try {
      const page = await source.events(follower.version(), WAIT_SECONDS);
      follower.online(true);
      backoff = 1000;
      if (page.commits.length > 0) {
        follower.commits(page.commits, page.version);
        continue;
      }
      // How long the API held the wait, not counting what the page does with its empty answer.
      const pause = pauseAfter(Date.now() - started);
      await follower.quiet();
      if (follower.done()) break;
      if (pause > 0) await sleep(pause);
    } catch (error) {
      follower.online(false);
      const wait = error instanceof ApiError && error.retryAfter ? error.retryAfter * 1000 : backoff;
      backoff = Math.min(backoff * 2, 30_000);
      await sleep(wait);
    }
  }
}

/**
 * True once nothing more can happen that the page shows: the game was cancelled, or it is over and
 * either has its rematch or is not for this page to be offered one (a spectator's, a seat that left).
 */
export function settled(view: Game | null): boolean {
  if (view?.status === 'cancelled') return true;
  if (view?.status !== 'finished') return false;
  const seat = view.seats[view.yourSeat];
  return view.rematch !== null || !seat || seat.left;
}
