import type { Seat } from './events';
import { ERASED_NAME } from './setup';
import type { CancelledGame, GameState, WaitingGame } from './state';

/** `evolve` for `GameCancelled`: a waiting game ends without being played; who sat where stays on record. */
export function cancelled(game: WaitingGame): CancelledGame {
  return {
    status: 'cancelled',
    rules: game.rules,
    seatCount: game.seatCount,
    players: game.players,
    bots: game.bots,
    hand: null,
    openers: game.openers,
    handScores: game.handScores,
    totals: game.totals,
    winners: null,
    pastHands: game.pastHands,
    setup: game.setup,
  };
}

/**
 * `evolve` for `PlayerErased`: the seat keeps its player's id (the seat's past is still theirs, and a
 * bot may play it) but shows no name from now on, in whatever phase the game is.
 */
export function erased<S extends Exclude<GameState, { status: 'empty' }>>(game: S, seat: Seat): S {
  const player = game.players[seat];
  if (!player) return game;
  const players = game.players.slice();
  players[seat] = { id: player.id, name: ERASED_NAME };
  // Rare (an account deleted), so a spread: the hot path's states are written field by field.
  return { ...game, players };
}
