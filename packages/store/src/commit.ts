import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { checkHead, type GameHead } from './head';
import { itemKey } from './keys';
import { decodePayload, encodePayload } from './payload';

/** One append: every event one command caused, at one version of the stream. */
export interface Commit {
  gameId: string;
  /** 1 for a stream's first commit. */
  version: number;
  events: unknown[];
  /** When it was appended, ISO 8601. */
  at: string;
  idempotencyKey?: string;
  commandHash?: string;
  by?: string;
  /** The caller's folded state after this commit, when it stored one and asked for it back. */
  snapshot?: unknown;
  /** The game's head after this commit, when it stored one (also rewritten by `rebuildProjections`). */
  head?: GameHead;
}

/** What an append records besides its events. */
export interface AppendMeta {
  /** The command's idempotency key: a retry with the same key is recognised (see `EventStore.append`). */
  idempotencyKey?: string;
  /** Tells a genuine retry (same key, same hash) from a key reused for another command. */
  commandHash?: string;
  /** Any JSON value; stored compressed in the commit and returned by `readLatest`. */
  snapshot?: unknown;
  /**
   * The game's head after this commit, stored in the commit itself: `getHead` reads it from the
   * newest commit, so no separate write keeps it. Its `version` must be the commit's.
   */
  head?: GameHead;
  /** Defaults to now. */
  at?: Date;
  /** Who issued the command. */
  by?: string;
}

// Short attribute names: they are stored in every commit and count towards its size.
const A = { events: 'ev', at: 'at', key: 'ik', hash: 'ch', by: 'by', snapshot: 'sn', head: 'hd' } as const;

/** The attribute holding a commit's head (and a member item's copy of it). */
export const HEAD_ATTRIBUTE = A.head;

// A 4-seat head is ~300 B of JSON: as text it pushed ~70% of the bench's commits (events + a ~0.7 KB
// compressed snapshot) past the 1 KB a write unit buys; compressed, 1.72 -> 1.32 units per append.
const HEAD_COMPRESS_FROM_BYTES = 128;

/** A head as a commit stores it: compressed unless tiny (`decodePayload` reads it back). */
export const encodeHead = (head: GameHead): AttributeValue => encodePayload(head, HEAD_COMPRESS_FROM_BYTES);

/** Every commit attribute except the snapshot, for reads that do not want to pay for decoding it. */
export const WITHOUT_SNAPSHOT = {
  ProjectionExpression: '#pk, #sk, #ev, #at, #ik, #ch, #by, #hd',
  ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', '#ev': A.events, '#at': A.at, '#ik': A.key, '#ch': A.hash, '#by': A.by, '#hd': A.head },
};

/** The item for a new commit, and the commit as `append` returns it. */
export function commitItem(
  gameId: string,
  version: number,
  events: readonly unknown[],
  meta: AppendMeta,
): { item: Record<string, AttributeValue>; commit: Commit } {
  if (meta.head !== undefined) checkHead(meta.head, version);
  const at = (meta.at ?? new Date()).toISOString();
  const item: Record<string, AttributeValue> = { ...itemKey(gameId, version), [A.events]: encodePayload(events), [A.at]: { S: at } };
  const commit: Commit = { gameId, version, events: [...events], at };
  if (meta.idempotencyKey !== undefined) item[A.key] = { S: (commit.idempotencyKey = meta.idempotencyKey) };
  if (meta.commandHash !== undefined) item[A.hash] = { S: (commit.commandHash = meta.commandHash) };
  if (meta.by !== undefined) item[A.by] = { S: (commit.by = meta.by) };
  if (meta.snapshot !== undefined) {
    item[A.snapshot] = encodePayload(meta.snapshot);
    commit.snapshot = meta.snapshot;
  }
  if (meta.head !== undefined) {
    item[A.head] = encodeHead(meta.head);
    commit.head = meta.head;
  }
  return { item, commit };
}

/** A stored commit item back as a `Commit`; its snapshot is decoded only when asked for, its head always. */
export function readCommitItem(gameId: string, item: Record<string, AttributeValue>, withSnapshot: boolean): Commit {
  const commit: Commit = {
    gameId,
    version: Number(item.sk?.N),
    events: decodePayload(item[A.events]) as unknown[],
    at: item[A.at]?.S ?? '',
  };
  const key = item[A.key]?.S;
  const hash = item[A.hash]?.S;
  const by = item[A.by]?.S;
  if (key !== undefined) commit.idempotencyKey = key;
  if (hash !== undefined) commit.commandHash = hash;
  if (by !== undefined) commit.by = by;
  if (withSnapshot && item[A.snapshot]) commit.snapshot = decodePayload(item[A.snapshot]);
  if (item[A.head]) commit.head = decodePayload(item[A.head]) as GameHead;
  return commit;
}
