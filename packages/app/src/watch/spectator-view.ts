import { viewFor, type GameState, type GameView } from '@chickenfoot/rules';
import { deadlineOf } from '../games/turn-clock';
import type { ApiGameView } from '../games/view';

/**
 * What only a seat is shown of a game: its own seat, tiles, drawn tile and moves, the invite code, and
 * the link to its rematch (a game for its players only).
 */
export type SeatOnlyField = 'yourSeat' | 'inviteCode' | 'yourTiles' | 'drawnTile' | 'legalMoves' | 'rematch';

/**
 * A game as nobody seated sees it (a watcher, a replay): the board, the counts, the scores and the
 * ended hands. A seat's own fields are typed out (`never`), so none can be put in one by mistake.
 */
export type SpectatorView = Omit<ApiGameView, SeatOnlyField> & { readonly [K in SeatOnlyField]?: never };

/** What a spectator's view is built from: a game at a version. */
export interface SpectatorInput {
  readonly gameId: string;
  readonly version: number;
  readonly state: GameState;
  /** Since when the game has awaited the seat in turn (ISO 8601), or null: no deadline is shown. */
  readonly since: string | null;
}

/**
 * The game as a spectator sees it: the rules' view for no seat (`viewFor(state, null)`), with the
 * game's id, version, setup and deadline. Each field is named, so a field the rules add to a seat's
 * view is never passed on to watchers unseen.
 * @example return c.json(spectatorView({ gameId, version, state, since }), 200);
 */
export function spectatorView({ gameId, version, state, since }: SpectatorInput): SpectatorView {
  const view = viewFor(state, null);
  return {
    id: gameId,
    version,
    status: view.status === 'empty' ? 'waiting' : view.status,
    rules: view.rules as NonNullable<GameView['rules']>,
    open: state.setup.open,
    creator: state.setup.creator,
    rematchOf: state.setup.rematchOf,
    seats: view.seats,
    hand: view.hand,
    handScores: view.handScores,
    totals: view.totals,
    winners: view.winners,
    pastHands: view.pastHands,
    extraHours: view.extraHours,
    deadline: deadlineOf(state, since),
  };
}
