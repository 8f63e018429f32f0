import {
  botPlaying,
  hasLeft,
  type BotRequest,
  type Command,
  type GameEvent,
  type GameState,
  type Move,
  type TimeoutMove,
} from '@chickenfoot/rules';
import { RefusedError } from '../errors';
import type { Actor } from './actors';

/**
 * What an actor asks of a game. Every command but creating and joining names no seat: the actor's own
 * is used. A timeout is the system's alone (and the system's only other command closes a stale game).
 */
export type GameCommand =
  | Extract<Command, { type: 'create' }>
  /** `withoutCode`: joining an open game from the lobby, refused (as if there were no game) for any other. */
  | (Extract<Command, { type: 'join' }> & { readonly withoutCode?: boolean })
  | { readonly type: 'move'; readonly move: Move }
  | { readonly type: 'add-bot'; readonly bot: BotRequest }
  | { readonly type: 'leave' }
  | { readonly type: 'return' }
  | { readonly type: 'give-time'; readonly hours: number }
  | { readonly type: 'timeout'; readonly move: TimeoutMove }
  /** The creator cancels a waiting game; the system closes one that waited too long (`stale`). */
  | { readonly type: 'cancel'; readonly reason: 'creator' | 'stale' }
  /** An account deleted: its name goes from a game (the seat's player). */
  | { readonly type: 'erase' };

/** How a command is to be applied. */
export interface ExecuteOptions {
  /** The version the actor decided on (a player's If-Match), or null to act on the newest (joining). */
  readonly expectedVersion: number | null;
  /**
   * The command's idempotency key: a player's Idempotency-Key. Bots and the system need none: theirs
   * is derived from the seat and version, so a repeated run is recognised as the first.
   */
  readonly key?: string;
}

/** A command's outcome: the commit it was recorded as (or, replayed, had been), and the game after it. */
export interface Executed {
  readonly gameId: string;
  readonly version: number;
  /** Every event the command caused, forced moves included; empty when nothing was recorded. */
  readonly events: readonly GameEvent[];
  readonly state: GameState;
  /** Since when the game has awaited the seat in turn after the command (ISO 8601), or null. */
  readonly since: string | null;
  /** The actor's seat after the command (-1 for none). */
  readonly seat: number;
  /** True when this was a retry of a command recorded earlier: nothing new was written. */
  readonly replayed: boolean;
}

/**
 * The engine command for an actor's command in `seat`. A bot's move says so (`byBot`): an away seat's
 * stand-in moving is not its player coming back.
 */
export function engineCommand(command: GameCommand, seat: number, actor: Actor): Command {
  switch (command.type) {
    case 'move':
      return { type: 'move', seat, move: command.move, ...(actor.kind === 'bot' ? { byBot: true } : {}) };
    case 'add-bot':
      return { type: 'add-bot', by: seat, bot: command.bot };
    case 'leave':
      return { type: 'leave', seat };
    case 'return':
      return { type: 'return', seat };
    case 'give-time':
      return { type: 'give-time', by: seat, hours: command.hours };
    case 'timeout':
      return { type: 'timeout', seat, move: command.move };
    case 'cancel':
      return { type: 'cancel', seat, reason: command.reason };
    case 'erase':
      return { type: 'erase', seat };
    case 'join':
      return { type: 'join', player: command.player };
    default:
      return command;
  }
}

/**
 * Who may act for a seat, which the rules leave to the caller: a bot only for a seat a bot plays (a
 * programming error otherwise), and a player who left a game in play no more (but to be told, by the
 * rules, that they already left).
 */
export function checkActor(state: GameState, actor: Actor, seat: number, command: GameCommand): void {
  if (actor.kind === 'bot' && !botPlaying(state, seat)) throw new Error(`no bot plays seat ${seat}`);
  // Only the system times a turn out; besides, it closes a game that waited too long and erases a
  // deleted account's name, and does nothing else (a move in a seat is a player's or a bot's).
  const systemOnly = command.type === 'timeout';
  const bySystem =
    command.type === 'timeout' || command.type === 'erase' || (command.type === 'cancel' && command.reason === 'stale');
  if ((systemOnly && actor.kind !== 'system') || (actor.kind === 'system' && !bySystem)) {
    throw new Error(`a ${command.type} by a ${actor.kind}: only the system times a turn out, and it does no moves`);
  }
  if (actor.kind === 'player' && seat >= 0 && hasLeft(state, seat) && command.type !== 'leave') {
    throw new RefusedError(
      'game/left',
      'You left this game: a bot plays your seat now. You may still follow the game.',
    );
  }
}
