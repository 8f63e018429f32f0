import { fitsEnd } from './board';
import { mayAnnounce, mayAnnounceWithPlay, mayCallOut } from './chickenlittle';
import type { Move } from './commands';
import type { Seat } from './events';
import type { GameState } from './state';
import { suitBits } from './tiles';

/**
 * Every move `seat` may make now: plays (each tile with each placement it may go on, and with
 * `announce` where that play leaves one tile), a pass after drawing under `may-play`, and the
 * out-of-turn Chickenlittle announce and call-outs. Empty when the seat has nothing to do. Draws and
 * the other passes never appear: the server makes them itself.
 * @example legalMoves(state, 1) // [{ type: 'play', tile: '9-4', on: 0 }, ...]
 */
export function legalMoves(state: GameState, seat: Seat): Move[] {
  if (state.status !== 'playing' || state.hand.over) return [];
  const { hand, rules } = state;
  const moves: Move[] = [];
  const mode = rules.chickenlittle;

  if (hand.turn === seat) {
    const tiles = hand.hands[seat] ?? [];
    const candidates = hand.drawnTile !== null ? [hand.drawnTile] : tiles;
    const announceable = mayAnnounceWithPlay(mode, tiles.length - 1);
    for (const tile of candidates) {
      const suits = suitBits(tile);
      if ((suits & hand.openSuits) === 0) continue;
      for (const end of hand.ends) {
        if (!fitsEnd(hand, suits, end)) continue;
        moves.push({ type: 'play', tile, on: end.id });
        if (announceable) moves.push({ type: 'play', tile, on: end.id, announce: true });
      }
    }
    if (hand.drawnTile !== null && rules.drawnTile === 'may-play') moves.push({ type: 'pass' });
  }
  if (mayAnnounce(mode, hand.chickenlittle[seat])) moves.push({ type: 'announce' });
  for (let target = 0; target < hand.chickenlittle.length; target++) {
    if (mayCallOut(mode, hand.chickenlittle, seat, target)) moves.push({ type: 'callout', seat: target });
  }
  return moves;
}
