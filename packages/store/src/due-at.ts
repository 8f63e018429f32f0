import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { checkDueKind, checkId, duePartition, dueShard, dueSortKey } from './keys';
import { DUE_SHARDS } from './table';

/** When some work on a stream (a game, an endpoint) is due, and which kind of work (what the sweeper dispatches on). */
export interface DueAt {
  /** ISO 8601. */
  readonly at: string;
  /** A kebab-case word: `timeout`, ... */
  readonly kind: string;
}

/**
 * The attributes that put an item of stream `streamId` in the due index at `due` (its shard and sort key).
 * @example { ...item, ...dueAttributes('g_1', { at: '2026-12-01T10:00:00.000Z', kind: 'timeout' }) }
 */
export function dueAttributes(streamId: string, due: DueAt): Record<'dpk' | 'dsk', AttributeValue> {
  checkId('streamId', streamId);
  checkDue(due);
  return {
    dpk: { S: duePartition(dueShard(streamId, DUE_SHARDS)) },
    dsk: { S: dueSortKey(isoTime(due.at), due.kind, streamId) },
  };
}

/** Rejects a due time or kind the index could not sort or tell apart, before it costs a request. */
export function checkDue(due: DueAt): void {
  if (typeof due !== 'object' || due === null) throw new TypeError('due must be an object');
  checkDueKind(due.kind);
  isoTime(due.at);
}

/** The `dpk` of a stream's due items: to put an item back in the index with the sort key it kept. */
export const duePartitionOf = (streamId: string): AttributeValue => ({
  S: duePartition(dueShard(streamId, DUE_SHARDS)),
});

/** `at` as `Date.toISOString()` writes it (so due times sort as text), or a TypeError. */
export function isoTime(at: string): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new TypeError(`a due time must be ISO 8601, got ${JSON.stringify(at)}`);
  return time.toISOString();
}
