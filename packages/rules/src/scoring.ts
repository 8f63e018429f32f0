import { anyFits } from './board';
import type { Seat } from './events';
import type { Ruleset } from './ruleset';
import { boneyardSize, type HandState } from './state';
import { tileScore, type Tile } from './tiles';

/**
 * How a hand ends and what it scores, and who wins the game: a hand ends when a player places their
 * last tile (out) or nobody can move (blocked); every seat adds the pips left in its hand; after N+1
 * hands the lowest total wins.
 */

/** Why a hand ended. */
export type HandEndReason = 'out' | 'blocked';

/**
 * A stalemate: the boneyard is empty and no seat holds a tile that fits. This covers a double whose
 * toes can never be completed: play goes on until the boneyard is drawn out and the suit played out.
 */
export function isBlocked(hand: HandState): boolean {
  if (boneyardSize(hand) > 0) return false;
  for (const tiles of hand.hands) if (anyFits(hand, tiles)) return false;
  return true;
}

/** What each seat adds for a hand: the pips left in its hand, the double-blank counting `doubleBlank`. */
export function handScores(hands: readonly (readonly Tile[])[], doubleBlank: number): number[] {
  return hands.map((tiles) => tiles.reduce((sum, t) => sum + tileScore(t, doubleBlank), 0));
}

/** Hands in a game: one for each double of the set, N-N down to 0-0. */
export function handsInGame(rules: Ruleset): number {
  return rules.set + 1;
}

/** The seats with the lowest total: equal lowest totals share the win. */
export function winnersOf(totals: readonly number[]): Seat[] {
  const best = Math.min(...totals);
  return totals.flatMap((total, seat) => (total === best ? [seat] : []));
}
