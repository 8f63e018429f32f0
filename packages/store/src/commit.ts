import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { checkHead, type GameHead } from './head';
import { checkId, itemKey } from './keys';
import { decodePayload, encodePayload } from './payload';

/** One append: every event one command caused, at one version of the game. */
export interface Commit {
  gameId: string;
  /** 1 for a game's first commit. */
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
  /** Whose move the game awaited after this commit, when it was appended with `AppendMeta.awaiting`. */
  awaiting?: Awaiting;
}

/** Whose move a game waits for: a player, or nobody (not started yet, or finished). */
export interface Awaiting {
  playerId: string | null;
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
  /**
   * Whose move the game awaits after this commit. When given (`head` is then required), the append
   * also rewrites the game's awaiting item (what `listPlayerGames(p, { myTurn: true })` finds), in
   * parallel with the commit. Absent: the awaiting item is left as it is.
   */
  awaiting?: Awaiting;
  /** Defaults to now. */
  at?: Date;
  /** Who issued the command. */
  by?: string;
}

// Short attribute names: they are stored in every commit and count towards its size.
const A = {
  events: 'ev',
  at: 'at',
  key: 'ik',
  hash: 'ch',
  by: 'by',
  snapshot: 'sn',
  head: 'hd',
  awaiting: 'aw',
} as const;

/** The attribute holding a commit's head (and a member or awaiting item's copy of it). */
export const HEAD_ATTRIBUTE = A.head;

/** The attribute holding whom a commit awaited: the player id, or NULL for nobody. */
export const AWAITING_ATTRIBUTE = A.awaiting;

/** `awaiting` as a commit stores it. */
export const encodeAwaiting = ({ playerId }: Awaiting): AttributeValue =>
  playerId === null ? { NULL: true } : { S: playerId };

/** Rejects an `awaiting` the store could not key before it costs a request. */
export function checkAwaiting(awaiting: Awaiting): void {
  if (typeof awaiting !== 'object' || awaiting === null) throw new TypeError('awaiting must be an object');
  if (awaiting.playerId !== null) checkId('awaiting.playerId', awaiting.playerId);
}

// A 4-seat head (~380 B of JSON) is stored as text, like any payload under COMPRESS_FROM_BYTES.
// Compressing it saved ~135 B a commit, but on the move path brotli's setup cost 60-75 us a commit
// (measured inside the running server; 14 us in a hot loop), and with a snapshot only every few
// commits the bytes rarely matter: on self-played 4-seat double-9 games 25% of commits exceed the
// 1 KB of one write unit instead of 22% (1.249 write units a commit instead of 1.216).
/** A head as a commit (or a member or awaiting item) stores it; `decodePayload` reads it back. */
export const encodeHead = (head: GameHead): AttributeValue => encodePayload(head);

/** Every commit attribute except the snapshot, for reads that do not want to pay for decoding it. */
export const WITHOUT_SNAPSHOT = {
  ProjectionExpression: '#pk, #sk, #ev, #at, #ik, #ch, #by, #hd, #aw',
  ExpressionAttributeNames: {
    '#pk': 'pk',
    '#sk': 'sk',
    '#ev': A.events,
    '#at': A.at,
    '#ik': A.key,
    '#ch': A.hash,
    '#by': A.by,
    '#hd': A.head,
    '#aw': A.awaiting,
  },
};

/** The item for a new commit, and the commit as `append` returns it. */
export function commitItem(
  gameId: string,
  version: number,
  events: readonly unknown[],
  meta: AppendMeta,
): { item: Record<string, AttributeValue>; commit: Commit } {
  if (meta.head !== undefined) checkHead(meta.head, version);
  if (meta.awaiting !== undefined) {
    if (meta.head === undefined) throw new TypeError('awaiting needs the head it is stored with (meta.head)');
    checkAwaiting(meta.awaiting);
  }
  const at = (meta.at ?? new Date()).toISOString();
  const item: Record<string, AttributeValue> = {
    ...itemKey(gameId, version),
    [A.events]: encodePayload(events),
    [A.at]: { S: at },
  };
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
  if (meta.awaiting !== undefined) {
    item[A.awaiting] = encodeAwaiting(meta.awaiting);
    commit.awaiting = { playerId: meta.awaiting.playerId };
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
  const awaiting = item[A.awaiting];
  if (awaiting) commit.awaiting = { playerId: awaiting.S ?? null };
  return commit;
}
