import type { Player, Seat } from './events';
import type { RulesetOptions } from './ruleset';
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

/** What `decide` accepts. */
export type Command =
  | { readonly type: 'create'; readonly seats: number; readonly rules?: RulesetOptions; readonly player: Player }
  | { readonly type: 'join'; readonly player: Player }
  /** `seat` is the seat acting; the caller has already checked who is behind it. */
  | { readonly type: 'move'; readonly seat: Seat; readonly move: Move };

/** A command's kind as `REJECTIONS` lists them: `create`, `join`, or the move's type. */
export type CommandKind = Exclude<Command['type'], 'move'> | Move['type'];

/**
 * The kind of a command: `create`, `join`, or its move's type.
 * @example commandKind({ type: 'move', seat: 1, move: { type: 'pass' } }) // 'pass'
 */
export function commandKind(command: Command): CommandKind {
  return command.type === 'move' ? command.move.type : command.type;
}
