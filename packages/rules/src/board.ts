import type { Seat } from './events';
import { boneyardSize, type HandState } from './state';
import { suitBits, type Tile } from './tiles';

/** True when `tile` fits some open end now. */
export function canPlay(hand: HandState, tile: Tile): boolean {
  return (suitBits(tile) & hand.openSuits) !== 0;
}

/** True when `seat` holds a tile that fits an open end now. */
export function hasPlayable(hand: HandState, seat: Seat): boolean {
  for (const tile of hand.hands[seat] ?? []) if ((suitBits(tile) & hand.openSuits) !== 0) return true;
  return false;
}

/** A stalemate: the boneyard is empty and no seat holds a tile that fits. */
export function isBlocked(hand: HandState): boolean {
  if (boneyardSize(hand) > 0) return false;
  for (let seat = 0; seat < hand.hands.length; seat++) if (hasPlayable(hand, seat)) return false;
  return true;
}
