import { ConcurrencyError, type Store } from '@chickenfoot/store';
import { StaleVersionError } from '../errors';
import { decideAccount, evolveAccount, type AccountCommand } from './account-decider';
import type { PlayerRecord } from './record';
import { afterLostRace } from '../streams/lost-race';

export type { PlayerRecord } from './record';

/** A player's record at a version of their stream (the `ETag` of `GET /v1/me`). */
export interface StoredPlayer {
  readonly record: PlayerRecord;
  readonly version: number;
}

/** What a command came to: the account after it, or (`replayed`) as a retry's first attempt left it. */
export interface Executed extends StoredPlayer {
  /** A retry of a command recorded before: the record is as it was then, not necessarily now. */
  readonly replayed: boolean;
  /** True when the command found nothing to change (the account already as it asks): nothing written. */
  readonly unchanged?: boolean;
}

/** How a command is applied: at the version the player decided on (or the newest), under their key. */
export interface AccountChangeOptions {
  /** The account's version the change was decided on (If-Match), or null for whatever it is now. */
  readonly expectedVersion: number | null;
  readonly key: string;
  /** Who asked what (see `commandHash`): tells a retry from the key reused for another request. */
  readonly commandHash: string;
  readonly at: Date;
}

/**
 * Players are small streams of their own (stream id = player id, "p_…", which never looks like a game
 * id "g_…"): `PlayerRegistered`, then each change of the account (a rename, a token issued or revoked,
 * a mute, the deletion), decided by `decideAccount`, each commit carrying the record after it as its
 * snapshot, so reading an account is one Query and never a fold.
 */
export class PlayerRepository {
  constructor(private readonly store: Store) {}

  /** A player's record and its version, or null (one strongly consistent Query). */
  async load(id: string): Promise<StoredPlayer | null> {
    const latest = await this.store.streams.readLatest(id);
    return latest?.snapshot ? { record: latest.snapshot as PlayerRecord, version: latest.version } : null;
  }

  /**
   * Applies `command` to the account `id` as one commit: at `expectedVersion` (its If-Match; 0 for a
   * registration), or with null at whatever version it is, decided again when another change lands
   * first. A retry of a change recorded already (the same key and hash at `expectedVersion + 1`)
   * answers with what it recorded; a command the account already satisfies writes nothing. Throws
   * `StaleVersionError` when the account has moved on, a refusal of `decideAccount`, and the
   * store's `IdempotencyConflictError` for a key recorded with another request.
   * @example await players.execute(id, { type: 'rename', name }, { expectedVersion: 3, key, commandHash, at });
   */
  async execute(id: string, command: AccountCommand, options: AccountChangeOptions): Promise<Executed> {
    const identity = { idempotencyKey: options.key, commandHash: options.commandHash };
    const { expectedVersion } = options;
    for (let attempt = 0; ; attempt++) {
      const current = await this.load(id);
      const version = current?.version ?? 0;
      if (expectedVersion !== null && version !== expectedVersion) {
        const recorded = await this.store.streams.findRecorded(id, identity, { version: expectedVersion + 1 });
        if (recorded) return { record: recorded.snapshot as PlayerRecord, version: recorded.version, replayed: true };
        throw new StaleVersionError(`Your account is at version ${version}, not ${expectedVersion}.`, version);
      }
      const events = decideAccount(command, current?.record ?? null);
      const record = events.reduce(evolveAccount, current?.record ?? null);
      if (events.length === 0 || !record) {
        if (current) return { ...current, replayed: false, unchanged: true };
        throw new TypeError(`${command.type} changed no account ${id}`);
      }
      try {
        const { commit } = await this.store.streams.append(id, version, events, {
          ...identity,
          snapshot: record,
          by: id,
          at: options.at,
        });
        return { record: commit.snapshot as PlayerRecord, version: commit.version, replayed: false };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || expectedVersion !== null) throw error;
        await afterLostRace(attempt, error);
      }
    }
  }
}
