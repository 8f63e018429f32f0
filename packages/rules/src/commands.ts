import type { Player, Seat } from './events';
import type { BotLevel, RulesetOptions } from './ruleset';
import type { Tile } from './tiles';

/** Place `tile` against the open end of placement `on`; `announce` says "Chickenlittle" with it. */
export interface PlayMove {
  readonly type: 'play';
  readonly tile: Tile;
  readonly on: number;
  readonly announce?: boolean;
}

/** What a seated player can do: the bodies clients send. */
export type Move =
  | PlayMove
  | { readonly type: 'draw' }
  | { readonly type: 'pass' }
  | { readonly type: 'announce' }
  /** Call out `seat` for a Chickenlittle lapse. */
  | { readonly type: 'callout'; readonly seat: Seat };

/** A bot to seat: at `level` (the game's `botLevel` when left out), in `seat` (the lowest free one when left out). */
export interface BotRequest {
  readonly level?: BotLevel;
  readonly seat?: Seat;
}

/** What `decide` accepts. */
export type Command =
  /** `bots` take seats at once, after the creator's (seat 0): a game they fill starts with its creation. */
  | {
      readonly type: 'create';
      readonly seats: number;
      readonly rules?: RulesetOptions;
      readonly player: Player;
      readonly bots?: readonly BotRequest[];
      /** Listed in the lobby: anyone may join without an invite code. */
      readonly open?: boolean;
      /** A rematch: the creator's seat (default 0), and the player each seat is kept for (see `GameSetup`). */
      readonly seat?: Seat;
      readonly reserved?: readonly (string | null)[];
      readonly rematchOf?: string;
    }
  | { readonly type: 'join'; readonly player: Player }
  /** `by` is the seat asking (only the creator's, 0, may); the caller has already checked who is behind it. */
  | { readonly type: 'add-bot'; readonly by: Seat; readonly bot: BotRequest }
  /** The player of `seat` leaves the game; the caller has already checked who is behind it. */
  | { readonly type: 'leave'; readonly seat: Seat }
  /** `seat` is the seat acting; the caller has already checked who is behind it. */
  | { readonly type: 'move'; readonly seat: Seat; readonly move: Move }
  /**
   * Cancels a game waiting for players: `seat` is the seat asking (only the creator's may), or for a
   * game closed after waiting too long (`reason: 'stale'`, the system's), the creator's.
   */
  | { readonly type: 'cancel'; readonly seat: Seat; readonly reason: 'creator' | 'stale' }
  /** The player of `seat` deleted their account: their name goes from the game (see `PlayerErased`). */
  | { readonly type: 'erase'; readonly seat: Seat };

/** A command's kind as `REJECTIONS` lists them: `create`, `join`, `add-bot`, `leave`, `cancel`, `erase`, or the move's type. */
export type CommandKind = Exclude<Command['type'], 'move'> | Move['type'];

/**
 * The kind of a command: its type, or for a move, the move's type.
 * @example commandKind({ type: 'move', seat: 1, move: { type: 'pass' } }) // 'pass'
 */
export function commandKind(command: Command): CommandKind {
  return command.type === 'move' ? command.move.type : command.type;
}
