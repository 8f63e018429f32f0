import type { Player, Seat } from './events';
import type { Ruleset } from './ruleset';
import type { Tile } from './tiles';

/**
 * Where a seat stands with Chickenlittle: `pending` holds one tile unannounced, `vulnerable` is pending
 * after another player placed a tile (so may be called out), `penalized` lost its next turn to a call-out.
 */
export type ChickenlittleStatus = 'none' | 'pending' | 'vulnerable' | 'announced' | 'penalized';

/** A tile on the table. `on` is the placement it went against (null for the root). */
export interface Placement {
  readonly id: number;
  readonly tile: Tile;
  readonly on: number | null;
  /** The suit it shares with the placement it went against (the root: its own suit). */
  readonly suit: number;
  readonly seat: Seat;
}

/** A placement that still accepts tiles: `remaining` more of `suit`. */
export interface OpenEnd {
  readonly id: number;
  readonly suit: number;
  readonly remaining: number;
}

/** One hand in play (or just finished). */
export interface HandState {
  readonly index: number;
  readonly dealer: Seat;
  readonly opener: Tile;
  readonly hands: readonly (readonly Tile[])[];
  /** The whole boneyard as dealt; tiles before `drawn` have left it. */
  readonly boneyard: readonly Tile[];
  readonly drawn: number;
  readonly placements: readonly Placement[];
  readonly ends: readonly OpenEnd[];
  /** The double (root or not) that must be filled before play goes elsewhere. */
  readonly mustFill: number | null;
  /** The suits a tile may be played on now, as a bit set (see `suitBits`): only the must-fill double's while there is one. */
  readonly openSuits: number;
  /** Whose turn it is; null before the root is placed and after the hand ends. */
  readonly turn: Seat | null;
  /** The tile the seat in turn drew this turn, if it drew. */
  readonly drawnTile: Tile | null;
  readonly chickenlittle: readonly ChickenlittleStatus[];
  readonly over: boolean;
}

/** A game: the fold of its events. */
export interface GameState {
  readonly status: 'empty' | 'waiting' | 'playing' | 'finished';
  readonly rules: Ruleset | null;
  readonly seatCount: number;
  readonly players: readonly (Player | null)[];
  readonly hand: HandState | null;
  /** Doubles that have opened a hand, in order. */
  readonly openers: readonly Tile[];
  /** `handScores[k][s]`: what seat `s` scored in hand `k`. */
  readonly handScores: readonly (readonly number[])[];
  readonly totals: readonly number[];
  readonly winners: readonly Seat[] | null;
}

/** The state of a game that has no events yet. */
export function initialState(): GameState {
  return {
    status: 'empty',
    rules: null,
    seatCount: 0,
    players: [],
    hand: null,
    openers: [],
    handScores: [],
    totals: [],
    winners: null,
  };
}

/** Tiles left in the boneyard. */
export function boneyardSize(hand: HandState): number {
  return hand.boneyard.length - hand.drawn;
}

/** The seat after `seat` in turn order. */
export function nextSeat(state: GameState, seat: Seat): Seat {
  return (seat + 1) % state.seatCount;
}
