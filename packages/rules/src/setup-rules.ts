import type { Command } from './commands';
import type { EventOf, Player, Seat } from './events';
import { reject, type Refusal } from './rejections';
import type { Ruleset } from './ruleset';
import { firstFreeSeat, isFree } from './seats';
import { reservedSeat } from './setup';
import type { GameState } from './state';

/**
 * The `GameCreated` a creation records, with the setup options it was given (only those set), or why
 * they cannot make a game: a creator's seat the game does not have, or a rematch that does not keep
 * one entry per seat, or keeps the creator's seat for someone else.
 */
export function createdEvent(
  command: Extract<Command, { type: 'create' }>,
  rules: Ruleset,
): EventOf<'GameCreated'> | Refusal<'rules/unknown-seat' | 'rules/invalid-ruleset'> {
  const { seats, open, seat, reserved, rematchOf } = command;
  if (seat !== undefined && (!Number.isInteger(seat) || seat < 0 || seat >= seats)) {
    return reject('rules/unknown-seat', `There is no seat ${String(seat)} in a game of ${seats} seats.`);
  }
  if (reserved && (reserved.length !== seats || reserved[seat ?? 0] !== command.player.id)) {
    return reject(
      'rules/invalid-ruleset',
      'These rules cannot make a game: a rematch keeps one entry per seat, the creator’s for the creator.',
    );
  }
  return {
    type: 'GameCreated',
    rules,
    seats,
    ...(open ? { open: true } : {}),
    ...(seat ? { creator: seat } : {}),
    ...(reserved ? { reserved } : {}),
    ...(rematchOf !== undefined ? { rematchOf } : {}),
  };
}

/**
 * The seat `player` joins: the lowest free one, or in a rematch the one kept for them (-1 when it is
 * taken, by a bot the creator seated there). Refused when the game keeps no seat for them.
 */
export function joinSeat(game: GameState, player: Player): Seat | Refusal<'rules/not-invited'> {
  const kept = reservedSeat(game.setup, player);
  if (kept === null) return firstFreeSeat(game);
  if (kept < 0) return reject('rules/not-invited', 'This rematch keeps its seats for the players of the game before.');
  return isFree(game, kept) ? kept : -1;
}
