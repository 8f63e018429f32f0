import { botPlaying, type GameState } from '@chickenfoot/rules';

/** The seat whose turn it is, if the game is being played. */
export function turnSeat(state: GameState): number | null {
  return state.status === 'playing' ? (state.hand?.turn ?? null) : null;
}

/**
 * The player whose move the game awaits, or null (not started, finished, or a bot's turn: a bot seat's,
 * or an away seat's, which its stand-in plays at once).
 */
export function awaitedPlayer(state: GameState): string | null {
  const turn = turnSeat(state);
  return turn === null || botPlaying(state, turn) ? null : (state.players[turn]?.id ?? null);
}
