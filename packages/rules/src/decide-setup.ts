import type { Command } from './commands';
import { dealHand } from './flow';
import type { Recorder } from './recorder';
import { reject, type RejectionOf } from './rejections';
import { resolveRuleset } from './ruleset';

/** Creates the game; its creator takes seat 0. */
export function decideCreate(
  command: Extract<Command, { type: 'create' }>,
  rec: Recorder,
): RejectionOf<'create'> | undefined {
  if (rec.state.status !== 'empty') return reject('rules/game-exists', 'This game already exists.');
  const resolved = resolveRuleset(command.seats, command.rules);
  if (!resolved.ok) return reject('rules/invalid-ruleset', `These rules cannot make a game: ${resolved.reason}.`);
  rec.emit({ type: 'GameCreated', rules: resolved.rules, seats: command.seats });
  rec.emit({ type: 'SeatTaken', seat: 0, player: command.player });
  return undefined;
}

/** Seats a player in the next free seat; the last seat taken starts the game and deals the first hand. */
export function decideJoin(
  command: Extract<Command, { type: 'join' }>,
  rec: Recorder,
): RejectionOf<'join'> | undefined {
  const game = rec.state;
  if (game.status === 'empty') return reject('rules/game-not-found', 'There is no such game.');
  if (game.players.some((p) => p?.id === command.player.id)) {
    return reject('rules/already-seated', 'You already have a seat in this game.');
  }
  const seat = game.players.indexOf(null);
  if (game.status !== 'waiting' || seat < 0) return reject('rules/game-full', 'Every seat in this game is taken.');
  const seated = rec.waiting(game, { type: 'SeatTaken', seat, player: command.player });
  if (!seated.players.includes(null)) dealHand(rec, rec.waiting(seated, { type: 'GameStarted' }), 0);
  return undefined;
}
