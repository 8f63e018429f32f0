import type { Api, Commit, EventPage, Game, WatchView } from '../api';

/** The seat of a spectator: none, so nothing on the page is "yours" (no seat has this number). */
export const NO_SEAT = -1;

/** Where the game page reads the game from: a seated player's view, or a spectator's. */
export interface GameSource {
  /** The view now; null when it has not changed since `version`. */
  view(version?: number): Promise<Game | null>;
  /** The commits after `after`, redacted for this reader; with `wait`, a long-poll. */
  events(after: number, wait?: number, signal?: AbortSignal): Promise<EventPage>;
}

/** A seated player's source (the API's token is theirs): their view, with their tiles and their moves. */
export function seatSource(api: Api, gameId: string): GameSource {
  return {
    view: (version) => api.game(gameId, version),
    events: (after, wait, signal) => api.events(gameId, after, wait, signal),
  };
}

/**
 * A spectator's view as the page's `Game`: the same fields (the contract's `WatchView` is `Game`
 * without a seat's own), with no seat, no tiles and no moves, so every view draws it as nobody's.
 */
export function asSpectator(view: WatchView): Game {
  return {
    ...view,
    yourSeat: NO_SEAT,
    inviteCode: null,
    yourTiles: [],
    drawnTile: null,
    legalMoves: [],
    rematch: null,
  };
}

/**
 * A spectator's source (the API's token is a watch token): the game as a seat without tiles sees it.
 * `first`, a view the page read already (to learn the game's id), is the first one it gives.
 */
export function watchSource(api: Api, first?: WatchView): GameSource {
  let unread = first;
  return {
    view: async () => {
      const view = unread ?? (await api.watch());
      unread = undefined;
      return asSpectator(view);
    },
    events: (after, wait, signal) => api.watchEvents(after, wait, signal),
  };
}

/**
 * The commits from `first` (a page of `source`'s events) on, page after page (`next`), up to version
 * `upTo` and at most `maxPages` pages: a long game's log is more than a page, and a first page asked
 * for before the view may stop short of it. Null when the first page could not be read.
 */
export async function commitsUpTo(
  source: GameSource,
  first: Promise<EventPage | null>,
  upTo: number,
  maxPages: number,
): Promise<Commit[] | null> {
  let page = await first;
  if (!page) return null;
  const commits = [...page.commits];
  for (let pages = 1; page.next !== null && page.version < upTo && pages < maxPages; pages++) {
    page = await source.events(page.next).catch(() => null);
    if (!page) break;
    commits.push(...page.commits);
  }
  return commits.filter((c) => c.version <= upTo);
}
