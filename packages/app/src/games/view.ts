import { firstFreeSeat, hasLeft, viewFor, type GameState, type GameView, type Seat } from '@chickenfoot/rules';
import { deadlineOf } from './turn-clock';

/** The game as one seated player sees it, as the API returns it. */
export interface ApiGameView extends Omit<GameView, 'viewer' | 'status' | 'rules' | 'yourTiles'> {
  id: string;
  version: number;
  status: 'waiting' | 'playing' | 'finished' | 'cancelled';
  open: boolean;
  creator: number;
  rematchOf: string | null;
  /** This game's rematch, once one of its players proposed it; null until then (and in command replies). */
  rematch: string | null;
  rules: NonNullable<GameView['rules']>;
  yourSeat: number;
  inviteCode: string | null;
  yourTiles: readonly string[];
  /** When the seat in turn times out (ISO 8601), or null: no clock, or no player awaited. */
  deadline: string | null;
}

/** Where invite codes come from (the app's `Signer`). */
export interface InviteCodes {
  inviteCode(gameId: string): string;
}

/** What a view is built from: a game at a version, for a seat. */
export interface ViewInput {
  readonly gameId: string;
  readonly version: number;
  readonly state: GameState;
  /** Since when the game has awaited the seat in turn (ISO 8601): the start of its deadline. */
  readonly since: string | null;
  readonly seat: number;
  /** Gives a game's invite code, shown (and so asked for) only while a seat is free. */
  readonly inviteCodes: InviteCodes;
  /** The game's rematch, when one is known to exist. */
  readonly rematch?: string | null;
}

/**
 * Whose eyes a player in `seat` sees the game with: their seat's, or a spectator's (null) once they
 * have left it: its tiles are the bot's now, and a player who left must not be able to pass them on.
 * @example events.map((e) => redactEvent(e, playerViewer(state, seat)))
 */
export function playerViewer(state: GameState, seat: number): Seat | null {
  return seat >= 0 && !hasLeft(state, seat) ? seat : null;
}

/**
 * The caller's view of a game at a version. Built only from its input, so the same commit always
 * gives the same bytes: an idempotent retry returns the first reply exactly.
 */
export function gameView({ gameId, version, state, since, seat, inviteCodes, rematch }: ViewInput): ApiGameView {
  const { viewer: _viewer, status, rules, yourTiles, ...rest } = viewFor(state, playerViewer(state, seat));
  return {
    id: gameId,
    version,
    status: status === 'empty' ? 'waiting' : status,
    rules: rules as NonNullable<GameView['rules']>,
    open: state.setup.open,
    creator: state.setup.creator,
    rematchOf: state.setup.rematchOf,
    rematch: rematch ?? null,
    yourSeat: seat,
    // A rematch keeps its seats for its players: a code would let nobody else in.
    inviteCode:
      state.status === 'waiting' && firstFreeSeat(state) >= 0 && !state.setup.reserved
        ? inviteCodes.inviteCode(gameId)
        : null,
    ...rest,
    yourTiles: yourTiles ?? [],
    deadline: deadlineOf(state, since),
  };
}
