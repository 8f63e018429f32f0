import { randomUUID } from 'node:crypto';
import type { EventStore } from '@chickenfoot/store';

/** A registered player. */
export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
}

/**
 * Players are tiny streams of their own (stream id = player id, "p_…", which never looks like a game
 * id "g_…"): one `PlayerRegistered` commit that carries the record as its snapshot.
 */
export class PlayerRepository {
  constructor(private readonly store: EventStore) {}

  /**
   * Records a new player. With the client's idempotency key (and `id` derived from it) a retry finds
   * the same record; without one, a key of our own still lets the store recognise its own retries.
   */
  async register(
    id: string,
    name: string,
    idempotencyKey: string | undefined,
    commandHash: string,
  ): Promise<PlayerRecord> {
    const record = { id, name };
    const { commit } = await this.store.append(id, 0, [{ type: 'PlayerRegistered', name }], {
      idempotencyKey: idempotencyKey ?? randomUUID(),
      commandHash,
      snapshot: record,
      by: id,
    });
    return commit.snapshot as PlayerRecord;
  }

  /** A player's record, or null. */
  async get(id: string): Promise<PlayerRecord | null> {
    const latest = await this.store.readLatest(id);
    return (latest?.snapshot as PlayerRecord | undefined) ?? null;
  }
}
