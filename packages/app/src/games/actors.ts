import type { GameState, Seat } from '@chickenfoot/rules';

/**
 * Who issues a command: a player (through the HTTP API), a bot playing a seat, or the system itself
 * (a turn's timeout). Every actor's command goes through the same game service.
 */
export type Actor =
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'bot'; readonly seat: Seat }
  | { readonly kind: 'system'; readonly seat: Seat; readonly reason: string };

/** The seat an actor plays in a game, or -1 (a player who is not seated). */
export function seatOfActor(state: GameState, actor: Actor): number {
  if (actor.kind !== 'player') return actor.seat;
  return state.players.findIndex((p) => p?.id === actor.playerId);
}

/** Who a commit records as having made it: the player's id, `bot`, or `system:<reason>`. */
export function recordedBy(actor: Actor): string {
  return actor.kind === 'player' ? actor.playerId : actor.kind === 'bot' ? 'bot' : `system:${actor.reason}`;
}

/**
 * The idempotency key of a command no client sent (a bot's move, a timeout): derived from the seat and
 * the version it acts on, so a retried or repeated run (two sweepers, a crash between commits) can
 * never apply twice: the second is recognised as the first.
 */
export function derivedKey(actor: Exclude<Actor, { kind: 'player' }>, expectedVersion: number): string {
  return actor.kind === 'bot'
    ? `bot:${actor.seat}:${expectedVersion}`
    : `system:${actor.reason}:${actor.seat}:${expectedVersion}`;
}
