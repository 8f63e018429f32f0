import { anyFits, fits } from './board';
import type { Seat } from './events';
import { isBlocked } from './scoring';
import type { PlayingGame } from './state';
import type { Tile } from './tiles';

/**
 * Moves that involve no choice. The server makes them at once, on the player's behalf, and records
 * them like any other move, so an asynchronous game never waits days for them.
 */
export type ForcedMove =
  /** Nobody can move: the hand ends. */
  | { readonly type: 'blocked' }
  /** The seat in turn lost this turn to a Chickenlittle penalty. */
  | { readonly type: 'skip'; readonly seat: Seat }
  /** Nothing in hand fits and the boneyard is not empty. */
  | { readonly type: 'draw'; readonly seat: Seat; readonly tile: Tile }
  /** Nothing in hand fits and the boneyard is empty, or the tile just drawn does not fit. */
  | { readonly type: 'pass'; readonly seat: Seat };

/** The forced move the game is waiting for, or null when the seat in turn has a choice (or the hand is over). */
export function forcedMove(game: PlayingGame): ForcedMove | null {
  const { hand } = game;
  if (hand.over || hand.turn === null) return null;
  const seat = hand.turn;
  // A drawn tile that does not fit passes the turn with the draw, before anything else is asked.
  if (hand.drawnTile !== null && !fits(hand, hand.drawnTile)) return { type: 'pass', seat };
  if (isBlocked(hand)) return { type: 'blocked' };
  if (hand.chickenlittle[seat] === 'penalized') return { type: 'skip', seat };
  if (hand.drawnTile !== null) return null;
  if (anyFits(hand, hand.hands[seat] ?? [])) return null;
  const top = hand.boneyard[hand.drawn];
  return top === undefined ? { type: 'pass', seat } : { type: 'draw', seat, tile: top };
}
