import type { Command } from './commands';
import { seatBots, startWhenFull } from './decide-seats';
import type { Recorder } from './recorder';
import { reject, type RejectionOf } from './rejections';
import { resolveRuleset } from './ruleset';
import { createdEvent, joinSeat } from './setup-rules';

/**
 * Creates the game; its creator takes seat 0 (in a rematch, `command.seat`), then the bots asked for
 * theirs. Bots that fill it start it.
 */
export function decideCreate(
  command: Extract<Command, { type: 'create' }>,
  rec: Recorder,
): RejectionOf<'create'> | undefined {
  if (rec.state.status !== 'empty') return reject('rules/game-exists', 'This game already exists.');
  const resolved = resolveRuleset(command.seats, command.rules);
  if (!resolved.ok) return reject('rules/invalid-ruleset', `These rules cannot make a game: ${resolved.reason}.`);
  const event = createdEvent(command, resolved.rules);
  if ('ok' in event) return event;
  rec.emit(event);
  const created = rec.emit({ type: 'SeatTaken', seat: event.creator ?? 0, player: command.player });
  if (created.status !== 'waiting') throw new Error('a created game waits for players');
  const seated = seatBots(rec, created, command.bots ?? []);
  if ('ok' in seated) return seated;
  startWhenFull(rec, seated);
  return undefined;
}

/** Seats a player in the lowest free seat; the last seat taken starts the game and deals the first hand. */
export function decideJoin(
  command: Extract<Command, { type: 'join' }>,
  rec: Recorder,
): RejectionOf<'join'> | undefined {
  const game = rec.state;
  if (game.status === 'empty') return reject('rules/game-not-found', 'There is no such game.');
  if (game.status === 'cancelled') return reject('rules/game-cancelled', 'The game was cancelled before it started.');
  if (game.players.some((p) => p?.id === command.player.id)) {
    return reject('rules/already-seated', 'You already have a seat in this game.');
  }
  const seat = joinSeat(game, command.player);
  if (typeof seat !== 'number') return seat;
  if (game.status !== 'waiting' || seat < 0) return reject('rules/game-full', 'Every seat in this game is taken.');
  startWhenFull(rec, rec.waiting(game, { type: 'SeatTaken', seat, player: command.player }));
  return undefined;
}
