import type { Move } from './commands';
import type { Seat } from './events';
import { boneyardSize, type GameState } from './state';
import { suitBits } from './tiles';

/**
 * Every move `seat` may make now: plays (each tile with each placement it may go on, and with
 * `announce` where that play leaves one tile), draw, pass, and the out-of-turn Chickenlittle
 * announce and call-outs. Empty when the seat has nothing to do.
 * @example legalMoves(state, 1) // [{ type: 'play', tile: '9-4', on: 0 }, ...]
 */
export function legalMoves(state: GameState, seat: Seat): Move[] {
  const hand = state.hand;
  if (state.status !== 'playing' || !hand || hand.over) return [];
  const moves: Move[] = [];
  const callout = state.rules?.chickenlittle === 'callout';

  if (hand.turn === seat) {
    const tiles = hand.hands[seat] ?? [];
    const candidates = hand.drawnTile !== null ? [hand.drawnTile] : tiles;
    const announceable = callout && tiles.length === 2;
    for (const tile of candidates) {
      const suits = suitBits(tile);
      if ((suits & hand.openSuits) === 0) continue;
      for (const end of hand.ends) {
        if ((hand.mustFill !== null && end.id !== hand.mustFill) || (suits & (1 << end.suit)) === 0) continue;
        moves.push({ type: 'play', tile, on: end.id });
        if (announceable) moves.push({ type: 'play', tile, on: end.id, announce: true });
      }
    }
    if (hand.drawnTile !== null) {
      if (state.rules?.drawnTile === 'may-play') moves.push({ type: 'pass' });
    } else if (moves.length === 0) {
      moves.push(boneyardSize(hand) > 0 ? { type: 'draw' } : { type: 'pass' });
    }
  }
  if (callout) {
    const status = hand.chickenlittle[seat];
    if (status === 'pending' || status === 'vulnerable') moves.push({ type: 'announce' });
    for (let target = 0; target < hand.chickenlittle.length; target++) {
      if (target !== seat && hand.chickenlittle[target] === 'vulnerable') moves.push({ type: 'callout', seat: target });
    }
  }
  return moves;
}
