import type { GameEvent, GameState } from '@chickenfoot/rules';
import type { RecordedAt } from '@chickenfoot/store';
import { seatOfActor, type Actor } from './actors';
import type { ExecuteOptions, GameCommand } from './game-command';
import { commandIdentity } from './identity';

/** How a command is recognised when it comes again: its identity, and where its commit would be. */
export interface Asked {
  readonly identity: { readonly idempotencyKey: string; readonly commandHash: string };
  readonly where: RecordedAt;
}

/**
 * A join's retry is looked for among a game's first commits: joins are made while it waits for
 * players, in its first commits (one per seat, and what else a waiting game records).
 */
const JOIN_WINDOW = 64;

/**
 * What recognises `command` on `gameId` (at `version`, the game's as loaded) when it comes again: at
 * the version it names, or, naming none (a join), among the game's first commits.
 */
export function askedOf(
  gameId: string,
  actor: Actor,
  command: GameCommand,
  options: ExecuteOptions,
  version: number,
): Asked {
  const { expectedVersion } = options;
  return {
    identity: commandIdentity(gameId, actor, command, expectedVersion ?? version, options.key),
    where: expectedVersion === null ? { upTo: Math.min(version, JOIN_WINDOW) } : { version: expectedVersion + 1 },
  };
}

/** The version a command named, for saying so. */
export const versionAsked = (asked: Asked): number => ('version' in asked.where ? asked.where.version - 1 : 0);

/** The actor's seat after a recorded commit: theirs, or the one the commit records them leaving. */
export function seatAfter(state: GameState, actor: Actor, events: readonly GameEvent[]): number {
  const seat = seatOfActor(state, actor);
  const left = events.find((e) => e.type === 'SeatLeft');
  return seat < 0 && left?.type === 'SeatLeft' && actor.kind === 'player' ? left.seat : seat;
}
