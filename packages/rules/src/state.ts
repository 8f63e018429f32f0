import type { Board } from './board';
import type { ChickenlittleStatus } from './chickenlittle';
import type { Player, Seat } from './events';
import type { BotLevel, Ruleset } from './ruleset';
import { NO_SETUP, type GameSetup } from './setup';
import type { Tile } from './tiles';

/** One hand in play (or just finished): the deal, the board (see `Board`), whose turn it is. */
export interface HandState extends Board {
  readonly index: number;
  readonly dealer: Seat;
  readonly opener: Tile;
  readonly hands: readonly (readonly Tile[])[];
  /** The whole boneyard as dealt; tiles before `drawn` have left it. */
  readonly boneyard: readonly Tile[];
  readonly drawn: number;
  /** Whose turn it is; null before the root is placed and after the hand ends. */
  readonly turn: Seat | null;
  /** The tile the seat in turn drew this turn, if it drew. */
  readonly drawnTile: Tile | null;
  readonly chickenlittle: readonly ChickenlittleStatus[];
  readonly over: boolean;
}

/**
 * A hand that has ended, as every viewer may see it: at a hand's end every seat's remaining tiles are
 * turned face up for all to count (the boneyard stays hidden).
 */
export interface HandRecord {
  readonly index: number;
  readonly dealer: Seat;
  /** The double that opened it. */
  readonly opener: Tile;
  readonly reason: 'out' | 'blocked';
  /** The seat that went out, if one did. */
  readonly out: Seat | null;
  readonly scores: readonly number[];
  /** The tiles each seat was left holding. */
  readonly hands: readonly (readonly Tile[])[];
}

/** What every phase of a game has. */
interface GameBase {
  readonly seatCount: number;
  /**
   * The player who took each seat. A player who leaves before the start is removed (the seat is free
   * again); one who leaves a game in play stays here, since the seat's past is theirs (see `bots`).
   */
  readonly players: readonly (Player | null)[];
  /**
   * The level of the bot that plays each seat, or null where a player does (or nobody yet): a seat a bot
   * took before the start (`players` null there), or one whose player left a game in play (`players` keeps them).
   */
  readonly bots: readonly (BotLevel | null)[];
  /** Doubles that have opened a hand, in order. */
  readonly openers: readonly Tile[];
  /** `handScores[k][s]`: what seat `s` scored in hand `k`. */
  readonly handScores: readonly (readonly number[])[];
  readonly totals: readonly number[];
  /** Every hand that has ended, in order. */
  readonly pastHands: readonly HandRecord[];
  /** Who created it, who may join it, and where it came from (see `GameSetup`). */
  readonly setup: GameSetup;
}

/** A game that has no events yet. */
export interface EmptyGame extends GameBase {
  readonly status: 'empty';
  readonly rules: null;
  readonly hand: null;
  readonly winners: null;
}

/** A game created and waiting for its seats to fill. */
export interface WaitingGame extends GameBase {
  readonly status: 'waiting';
  readonly rules: Ruleset;
  readonly hand: null;
  readonly winners: null;
}

/** A game in play: a hand is always dealt (it may just have ended, while the next one is dealt). */
export interface PlayingGame extends GameBase {
  readonly status: 'playing';
  readonly rules: Ruleset;
  readonly hand: HandState;
  readonly winners: null;
}

/** A game over: `hand` is the last hand, as it ended. */
export interface FinishedGame extends GameBase {
  readonly status: 'finished';
  readonly rules: Ruleset;
  readonly hand: HandState;
  readonly winners: readonly Seat[];
}

/** A game cancelled before it started: by its creator, or closed after waiting too long for players. */
export interface CancelledGame extends GameBase {
  readonly status: 'cancelled';
  readonly rules: Ruleset;
  readonly hand: null;
  readonly winners: null;
}

/** A game: the fold of its events. Narrow on `status` to reach the rules and the hand. */
export type GameState = EmptyGame | WaitingGame | PlayingGame | FinishedGame | CancelledGame;

/** The state of a game that has no events yet. */
export function initialState(): GameState {
  return {
    status: 'empty',
    rules: null,
    seatCount: 0,
    players: [],
    bots: [],
    hand: null,
    openers: [],
    handScores: [],
    totals: [],
    winners: null,
    pastHands: [],
    setup: NO_SETUP,
  };
}

/** Tiles left in the boneyard. */
export function boneyardSize(hand: HandState): number {
  return hand.boneyard.length - hand.drawn;
}
