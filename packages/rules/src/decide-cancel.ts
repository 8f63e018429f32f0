import type { Command } from './commands';
import type { Recorder } from './recorder';
import { reject, type RejectionOf } from './rejections';

/**
 * Cancels a game still waiting for players: its creator may (`reason: 'creator'`), and the system does
 * for a game that waited too long (`reason: 'stale'`, in the creator's name). A game that has started
 * cannot be cancelled: it can be left.
 */
export function decideCancel(
  command: Extract<Command, { type: 'cancel' }>,
  rec: Recorder,
): RejectionOf<'cancel'> | undefined {
  const game = rec.state;
  switch (game.status) {
    case 'empty':
      return reject('rules/game-not-found', 'There is no such game.');
    case 'playing':
      return reject('rules/game-started', 'The game has started: leave it instead.');
    case 'finished':
      return reject('rules/game-finished', 'The game is over.');
    case 'cancelled':
      return reject('rules/game-cancelled', 'The game was cancelled already.');
    case 'waiting':
      if (command.seat !== game.setup.creator) {
        return reject('rules/not-creator', 'Only the player who created the game may cancel it.');
      }
      rec.emit({ type: 'GameCancelled', reason: command.reason });
      return undefined;
    default: {
      const unknown: never = game;
      throw new Error(`unknown game status ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Takes the name of `seat`'s player out of the game, whatever its phase: their account was deleted.
 * The caller has already made them leave a game in play (a bot plays the seat) or waiting.
 */
export function decideErase(
  command: Extract<Command, { type: 'erase' }>,
  rec: Recorder,
): RejectionOf<'erase'> | undefined {
  const game = rec.state;
  if (game.status === 'empty') return reject('rules/game-not-found', 'There is no such game.');
  const { seat } = command;
  if (!Number.isInteger(seat) || !game.players[seat]) {
    return reject('rules/unknown-seat', `Nobody sits in seat ${String(seat)} of this game.`);
  }
  rec.emit({ type: 'PlayerErased', seat });
  return undefined;
}
