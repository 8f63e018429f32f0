import type { Placement } from './board';
import type { ChickenlittleStatus } from './chickenlittle';
import type { Move } from './commands';
import type { Player, Seat } from './events';
import { legalMoves } from './legal-moves';
import type { BotLevel, Ruleset } from './ruleset';
import { botAt, hasLeft } from './seats';
import { boneyardSize, type GameState, type HandRecord } from './state';
import type { Tile } from './tiles';

/** One seat as everybody sees it. */
export interface SeatView {
  readonly seat: Seat;
  /** Who took the seat: null for a free seat or one a bot took; a player who left stays (see `left`). */
  readonly player: Player | null;
  /** The level of the bot playing the seat, or null when a player plays it (or nobody yet). */
  readonly bot: BotLevel | null;
  /** True when the seat's player left and a bot plays it now. */
  readonly left: boolean;
  readonly tileCount: number;
  readonly totalScore: number;
  readonly chickenlittle: ChickenlittleStatus;
}

/** The table of the hand in play (or of the last hand, once the game is over). */
export interface HandView {
  readonly index: number;
  readonly dealer: Seat;
  readonly opener: Tile;
  /** Every placement: `on` is the one it hangs on and `slot` its place there, enough to lay the board out. */
  readonly board: readonly Placement[];
  /** Where tiles may go: send `on` with a play. */
  readonly openEnds: readonly { readonly on: number; readonly suit: number; readonly remaining: number }[];
  /** The placement id of the double that must be filled first, if any. */
  readonly mustFill: number | null;
  readonly boneyardSize: number;
  readonly turn: Seat | null;
  /**
   * The seat in turn when it has drawn and has still to decide about the drawn tile (play it, or pass
   * under `may-play`; where, under `must-play`). Public; the tile itself only its drawer sees (`drawnTile`).
   */
  readonly drawnBy: Seat | null;
  readonly over: boolean;
}

/** What one viewer may know of a game. */
export interface GameView {
  readonly status: GameState['status'];
  readonly rules: Ruleset | null;
  readonly viewer: Seat | null;
  readonly seats: readonly SeatView[];
  readonly hand: HandView | null;
  /** The viewer's own tiles (null for a spectator). */
  readonly yourTiles: readonly Tile[] | null;
  /** The tile the viewer drew this turn and may still play. */
  readonly drawnTile: Tile | null;
  readonly legalMoves: readonly Move[];
  readonly handScores: readonly (readonly number[])[];
  readonly totals: readonly number[];
  readonly winners: readonly Seat[] | null;
  /** Every hand that has ended, to everyone alike: its opener, how it ended, its scores and every seat's tiles left. */
  readonly pastHands: readonly HandRecord[];
}

/**
 * The game as `viewer` (a seat, or null for a spectator) may see it: their own tiles and legal
 * moves, everyone's tile counts, who sits where (players and bots), the board, the boneyard's size,
 * scores, whose turn it is, and the hands that have ended, face up. Never another seat's tiles in the hand in play, the boneyard's
 * contents, or a tile someone else drew.
 */
export function viewFor(state: GameState, viewer: Seat | null): GameView {
  const hand = state.hand;
  const seated = viewer !== null && viewer >= 0 && viewer < state.seatCount ? viewer : null;
  return {
    status: state.status,
    rules: state.rules,
    viewer: seated,
    seats: state.players.map((player, seat) => ({
      seat,
      player,
      bot: botAt(state, seat),
      left: hasLeft(state, seat),
      tileCount: hand?.hands[seat]?.length ?? 0,
      totalScore: state.totals[seat] ?? 0,
      chickenlittle: hand?.chickenlittle[seat] ?? 'none',
    })),
    hand: hand && {
      index: hand.index,
      dealer: hand.dealer,
      opener: hand.opener,
      board: hand.placements,
      openEnds: hand.ends.map((end) => ({ on: end.id, suit: end.suit, remaining: end.remaining })),
      mustFill: hand.mustFill,
      boneyardSize: boneyardSize(hand),
      turn: hand.turn,
      drawnBy: hand.drawnTile !== null ? hand.turn : null,
      over: hand.over,
    },
    yourTiles: seated === null ? null : (hand?.hands[seated] ?? []),
    drawnTile: seated !== null && hand?.turn === seated ? hand.drawnTile : null,
    legalMoves: seated === null ? [] : legalMoves(state, seated),
    handScores: state.handScores,
    totals: state.totals,
    winners: state.winners,
    pastHands: state.pastHands,
  };
}
