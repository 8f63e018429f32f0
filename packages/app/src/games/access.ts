import type { GameState } from '@chickenfoot/rules';
import { seatOfActor, type Actor } from './actors';
import type { GameCommand } from './game-command';

/**
 * What the command path may do with a command, before any rule is asked: act in a seat, or answer
 * without deciding (the command may be a retry of one recorded already, which is looked for first).
 */
export type Access =
  /** Decide the command for the actor in `seat` (-1: a creation or a join, which take none yet). */
  | { readonly kind: 'act'; readonly seat: number }
  /** Nobody may see this game through this command: as if there were none. */
  | { readonly kind: 'hidden' }
  /** A retry of the command, or else hidden (one who left before the start, retrying the leave). */
  | { readonly kind: 'retry-or-hidden' }
  /** A retry of the join that seated the actor, or else the game as it is (a second tap). */
  | { readonly kind: 'retry-or-as-is'; readonly seat: number }
  /** A retry of a command recorded at the version named, or else a stale version. */
  | { readonly kind: 'retry-or-stale' };

/**
 * Who may do what with a game as it stands (`game` null: there is none yet), and whether the version
 * the command was decided on is the game's: the authorization step of the command path, pure.
 * Without an invite code only an open game may be joined (and a rematch, by the players it keeps
 * seats for); strangers see nothing.
 */
export function accessOf(
  game: { readonly version: number; readonly state: GameState } | null,
  actor: Actor,
  command: GameCommand,
  expectedVersion: number | null,
): Access {
  if (!game) return { kind: 'hidden' };
  const { state } = game;
  const seat = seatOfActor(state, actor);
  if (command.type === 'join' && command.withoutCode) {
    const invited = state.setup.open || state.setup.reserved?.includes(command.player.id);
    if (!invited) return { kind: 'hidden' };
  }
  if (seat < 0 && command.type !== 'create' && command.type !== 'join') {
    return command.type === 'leave' ? { kind: 'retry-or-hidden' } : { kind: 'hidden' };
  }
  if (command.type === 'join' && seat >= 0) return { kind: 'retry-or-as-is', seat };
  if (expectedVersion !== null && expectedVersion !== game.version) return { kind: 'retry-or-stale' };
  return { kind: 'act', seat };
}
