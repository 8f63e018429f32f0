import type { Api, EventPage, Game, WatchView } from '../api';

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
  return { ...view, yourSeat: NO_SEAT, inviteCode: null, yourTiles: [], drawnTile: null, legalMoves: [] };
}

/** A spectator's source (the API's token is a watch token): the game as a seat without tiles sees it. */
export function watchSource(api: Api): GameSource {
  return {
    view: async () => asSpectator(await api.watch()),
    events: (after, wait, signal) => api.watchEvents(after, wait, signal),
  };
}
