import { randomUUID } from 'node:crypto';
import { ConcurrencyError, type EventStore } from '@chickenfoot/store';
import type { PlayerRecord } from './record';

export type { PlayerRecord } from './record';

/** A player's record at a version of their stream (the `ETag` of `GET /v1/me`). */
export interface StoredPlayer {
  readonly record: PlayerRecord;
  readonly version: number;
}

/**
 * One change of an account: the event it records and the record after it, or null when the account
 * is already as asked (nothing is written). A refusal is thrown.
 */
export type AccountChange = (record: PlayerRecord) => { readonly event: object; readonly record: PlayerRecord } | null;

// Changes that name no version (muting a game's messages) are retried here when another lands first.
const RACE_RETRIES = 3;

/**
 * Players are small streams of their own (stream id = player id, "p_…", which never looks like a game
 * id "g_…"): `PlayerRegistered`, then each change of the account (a rename, a token issued or revoked,
 * a mute, the deletion), every commit carrying the record as it is after it as its snapshot.
 */
export class PlayerRepository {
  constructor(private readonly store: EventStore) {}

  /**
   * Records a new player. With the client's idempotency key (and `id` derived from it) a retry finds
   * the same record; without one, a key of our own still lets the store recognise its own retries.
   */
  async register(
    record: PlayerRecord,
    idempotencyKey: string | undefined,
    commandHash: string,
    at: Date,
  ): Promise<StoredPlayer> {
    const { commit } = await this.store.append(record.id, 0, [{ type: 'PlayerRegistered', name: record.name }], {
      idempotencyKey: idempotencyKey ?? randomUUID(),
      commandHash,
      snapshot: record,
      by: record.id,
      at,
    });
    return { record: commit.snapshot as PlayerRecord, version: commit.version };
  }

  /** A player's record and its version, or null (one strongly consistent Query). */
  async load(id: string): Promise<StoredPlayer | null> {
    const latest = await this.store.readLatest(id);
    return latest?.snapshot ? { record: latest.snapshot as PlayerRecord, version: latest.version } : null;
  }

  /** A player's record, or null. */
  async get(id: string): Promise<PlayerRecord | null> {
    return (await this.load(id))?.record ?? null;
  }

  /**
   * Applies `change` to the account at `expectedVersion` (its If-Match) as one commit; with null, at
   * whatever version it is, retried when another change lands first. A retry of a change recorded
   * already (the same key and hash at `expectedVersion + 1`) answers with what it recorded. Throws
   * `ConcurrencyError` when the account has moved on from `expectedVersion`, and
   * `IdempotencyConflictError` for a key recorded with another request; null when there is no account.
   */
  async update(
    id: string,
    expectedVersion: number | null,
    change: AccountChange,
    options: { key: string; commandHash: string; at: Date },
  ): Promise<StoredPlayer | null> {
    const identity = { idempotencyKey: options.key, commandHash: options.commandHash };
    for (let attempt = 0; ; attempt++) {
      const current = await this.load(id);
      if (!current) return null;
      if (expectedVersion !== null && current.version !== expectedVersion) {
        const recorded = await this.store.findRecorded(id, identity, { version: expectedVersion + 1 });
        if (recorded) return { record: recorded.snapshot as PlayerRecord, version: recorded.version };
        throw new ConcurrencyError(id, expectedVersion, current.version);
      }
      const next = change(current.record);
      if (!next) return current;
      const { event, record } = next;
      try {
        const { commit } = await this.store.append(id, current.version, [event], {
          ...identity,
          snapshot: record,
          by: id,
          at: options.at,
        });
        return { record: commit.snapshot as PlayerRecord, version: commit.version };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || expectedVersion !== null || attempt >= RACE_RETRIES) throw error;
      }
    }
  }
}
