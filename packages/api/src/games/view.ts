import { viewFor, type GameState, type GameView } from '@chickenfoot/rules';
import { inviteCode } from './ids';

/** The game as one seated player sees it, as the API returns it. */
export interface ApiGameView extends Omit<GameView, 'viewer' | 'status' | 'rules' | 'yourTiles'> {
  id: string;
  version: number;
  status: 'waiting' | 'playing' | 'finished';
  rules: NonNullable<GameView['rules']>;
  yourSeat: number;
  inviteCode: string | null;
  yourTiles: readonly string[];
}

/**
 * The caller's view of a game at a version. Built only from (game, version, state, seat), so the
 * same commit always gives the same bytes: an idempotent retry returns the first reply exactly.
 */
export function gameView(secret: string, gameId: string, version: number, state: GameState, seat: number): ApiGameView {
  const { viewer: _viewer, status, rules, yourTiles, ...rest } = viewFor(state, seat);
  return {
    id: gameId,
    version,
    status: status === 'empty' ? 'waiting' : status,
    rules: rules as NonNullable<GameView['rules']>,
    yourSeat: seat,
    inviteCode: state.players.includes(null) ? inviteCode(secret, gameId) : null,
    ...rest,
    yourTiles: yourTiles ?? [],
  };
}

/** The seat a player holds in a game, or -1. */
export function seatOf(state: GameState, playerId: string): number {
  return state.players.findIndex((p) => p?.id === playerId);
}
