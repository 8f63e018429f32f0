import { chooseMove, type BotInput } from '@chickenfoot/bots';
import {
  botPlaying,
  legalMoves,
  seededRandom,
  viewFor,
  type GameState,
  type Move,
  type RandomInt,
  type Seat,
} from '@chickenfoot/rules';
import type { BotBudgetOptions } from './bot-budget';
import type { HandLog } from './hand-log';

/** How the server plays its bots. Every part is injectable for tests; the defaults are the real players. */
export interface BotOptions {
  /** Decides for a bot (default `chooseMove` of @chickenfoot/bots). */
  readonly choose?: (input: BotInput) => Move | null;
  /** The randomness of one decision (default `decisionRandom`: the same decision always draws the same). */
  readonly random?: (gameId: string, version: number, seat: Seat) => RandomInt;
  /** At most this many bot commits per call of `settleBots` (default 64); the next call goes on. */
  readonly maxCommits?: number;
  /** At most this long per call of `settleBots`, in ms (default 2000); checked between commits. */
  readonly maxMs?: number;
  /** Bot thinking per player (see `BotBudget`; defaults: 4 s at once, 250 ms a second). */
  readonly perPlayer?: BotBudgetOptions;
  /**
   * Told when a chain stopped with bots still to move (its work is now due): a process that sweeps on
   * a timer sweeps soon, so that a player's bots go on within a second or so, not at the next minute.
   */
  readonly onDue?: () => void;
  /**
   * Due work (a chain nobody's request is waiting on) rests this many times each move's time before
   * the next (default 0; `npm start`, whose sweeper shares the process with the API, sets 1).
   */
  readonly restRatio?: number;
  /** The time budget of one `strong` decision, in ms (the bots' own default when absent). */
  readonly budgetMs?: number;
  /** A monotonic clock in ms for the bounds and budgets (default `performance.now`). */
  readonly now?: () => number;
}

/** `BotOptions` with the defaults filled in. */
export type BotSettings = Required<Omit<BotOptions, 'budgetMs' | 'perPlayer' | 'onDue' | 'restRatio'>> &
  Pick<BotOptions, 'budgetMs' | 'perPlayer' | 'onDue' | 'restRatio'>;

/** Fills in the defaults of `BotOptions`. */
export function botSettings(options: BotOptions = {}): BotSettings {
  return {
    choose: chooseMove,
    random: decisionRandom,
    maxCommits: 64,
    maxMs: 2000,
    now: () => performance.now(),
    ...options,
  };
}

/**
 * A decision's own random source, seeded from a hash (FNV-1a) of the game, the version it decides at
 * and the seat: a repeated run of the same decision (a retry, a second server) draws the same numbers
 * and so chooses the same move.
 * @example chooseMove({ ..., random: decisionRandom(gameId, 12, 2) })
 */
export function decisionRandom(gameId: string, version: number, seat: Seat): RandomInt {
  let hash = 0x811c9dc5;
  for (const char of `${gameId}:${version}:${seat}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return seededRandom(hash >>> 0);
}

/**
 * The bot seats that may act now, in the order they are asked: first those out of turn (an announce,
 * a call-out), in seat order after the seat in turn, as at a table where a reaction comes before the
 * next move; then the seat in turn, if a bot plays it. A seat whose player is away is its stand-in's,
 * at the game's `botLevel`, until they return. Empty when no bot has a legal move.
 */
export function dueBots(state: GameState): Seat[] {
  if (state.status !== 'playing' || !(state.bots.some(Boolean) || state.clock?.away.some(Boolean))) return [];
  const turn = state.hand.turn ?? 0;
  const due: Seat[] = [];
  for (let i = 1; i <= state.seatCount; i++) {
    const seat = (turn + i) % state.seatCount;
    if (botPlaying(state, seat) && legalMoves(state, seat).length > 0) due.push(seat);
  }
  return due;
}

/**
 * What the bot in `seat` decides from: its seat's view and its redacted log of the hand, never the
 * state itself (which holds every seat's tiles and the boneyard). It plays at the level of the bot that
 * plays the seat, or (a seat whose player timed out) the game's `botLevel`.
 */
export function botInput(
  state: GameState,
  seat: Seat,
  log: HandLog,
  random: RandomInt,
  settings: Pick<BotSettings, 'budgetMs' | 'now'>,
): BotInput {
  return {
    view: viewFor(state, seat),
    log: log.seenBy(seat),
    level: botPlaying(state, seat) ?? state.rules?.botLevel ?? 'greedy',
    random,
    ...(settings.budgetMs !== undefined ? { budgetMs: settings.budgetMs } : {}),
    now: settings.now,
  };
}

/**
 * The move the server makes for a bot whose own choice could not be made (it threw, chose a move the
 * rules refuse, or chose nothing in its turn): its first legal move, a play in its turn, so a faulty
 * bot can never leave a game stuck. Null when it has none.
 */
export function fallbackMove(state: GameState, seat: Seat): Move | null {
  const moves = legalMoves(state, seat);
  const inTurn = state.hand?.turn === seat;
  return moves.find((m) => !inTurn || (m.type !== 'announce' && m.type !== 'callout')) ?? null;
}
