import type { CommandIdentity } from '@chickenfoot/store';
import { commandHash } from '../command-hash';
import { derivedKey, type Actor } from './actors';
import type { GameCommand } from './game-command';

/**
 * What recognises a command when it comes again: the client's key (or, for bots and the system, one
 * derived from the seat and version) and a hash of who asked what, at which version. A join names no
 * version, so its hash leaves the version out.
 * @example commandIdentity(gameId, { kind: 'player', playerId }, { type: 'leave' }, 12, key)
 */
export function commandIdentity(
  gameId: string,
  actor: Actor,
  command: GameCommand,
  version: number,
  key: string | undefined,
): Required<CommandIdentity> {
  if (actor.kind !== 'player') {
    // A bot or a timeout at a version is one command, whatever move was chosen: a second run that
    // chose differently is the same command repeated, recognised and not applied.
    const derived = key ?? derivedKey(actor, version);
    return { idempotencyKey: derived, commandHash: commandHash(derived) };
  }
  if (key === undefined) throw new TypeError('a player’s command needs its Idempotency-Key');
  return {
    idempotencyKey: key,
    commandHash: commandHash(actor.playerId, gameId, command.type === 'join' ? null : version, asked(command)),
  };
}

/** What a command asked for, as its hash covers it (a join and a create leave out who is joining: that is the actor). */
function asked(command: GameCommand): unknown {
  switch (command.type) {
    case 'create':
      // Without bots the hash is what it was before bots existed, so such a retry across a deploy still matches.
      return {
        type: 'create',
        seats: command.seats,
        rules: command.rules ?? null,
        ...(command.bots ? { bots: command.bots } : {}),
        ...(command.open ? { open: true } : {}),
        ...(command.rematchOf !== undefined ? { rematchOf: command.rematchOf } : {}),
      };
    case 'join':
      return { type: 'join' };
    default:
      return command;
  }
}
