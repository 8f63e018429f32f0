import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { checkDue, dueAttributes, type DueAt } from './due-at';
import { checkHead, type GameHead } from './head';
import { itemKey } from './keys';
import { decodePayload, encodePayload } from './payload';
import { checkTurnChange, type TurnChange } from './turn-change';

/**
 * One append: every event one command caused, at one version of a stream. `E` is the type of the
 * stream's events, as its writer appended them: the store keeps them as opaque JSON and checks nothing.
 */
export interface Commit<E = unknown> {
  /** The stream's id (a game's, a player's, a webhook endpoint's, ...). */
  streamId: string;
  /** 1 for a stream's first commit. */
  version: number;
  events: E[];
  /** When it was appended, ISO 8601. */
  at: string;
  idempotencyKey?: string;
  commandHash?: string;
  by?: string;
  /** The caller's folded state after this commit, when it stored one and asked for it back. */
  snapshot?: unknown;
  /** How it changed whom the game awaits, when it was appended with `AppendMeta.turn`. */
  turn?: TurnChange;
}

/** What an append records besides its events. */
export interface AppendMeta {
  /** The command's idempotency key: a retry with the same key is recognised (see `EventStreams.append`). */
  idempotencyKey?: string;
  /** Tells a genuine retry (same key, same hash) from a key reused for another command. */
  commandHash?: string;
  /**
   * The caller's state after the commit, returned by the reads that ask for snapshots: bytes (a
   * `Uint8Array`, stored as they are: the caller's own compact encoding) or any JSON value (stored
   * as JSON, compressed from 512 bytes on).
   */
  snapshot?: unknown;
  /**
   * A change of whom the game awaits, with the game's head after the commit (`version` the commit's):
   * once the commit is written, the append moves the game between those players' turn lists (see
   * turns.ts). Absent when the commit leaves the same player awaited: nothing more is written. In a
   * game with a turn clock, `due` is the awaited player's deadline (null: none), and a change from a
   * player to the same one rewrites their entry with a new one (a new turn of theirs, more time).
   * `since`: when the awaited player's turn began, for their entry (default: the commit's time; more
   * time given does not begin a turn).
   */
  turn?: TurnChange & { readonly head: GameHead; readonly due?: DueAt | null; readonly since?: string };
  /**
   * Work due on the commit itself (its notifications, see the API's webhooks): written with the
   * commit in the same conditional PutItem, so the work is recorded exactly when the commit is, and
   * in the due index until the sweeper settles it. The commit is its own due item (its key, no `v`).
   */
  due?: DueAt;
  /** Defaults to now. */
  at?: Date;
  /** Who issued the command. */
  by?: string;
}

// Short attribute names, and values as short as they are exact: they are stored in every commit
// and count towards its size (a commit with a snapshot is meant to stay under the 1 KB of one
// write unit). `at` is stored as milliseconds since the epoch (8 bytes; its ISO text took 24), and
// `tf` is left out when it is `by` (the player whose move ended their turn: most commits), which
// saves another ~26. Commits written before either still read as they were written.
const A = {
  events: 'ev',
  at: 'at',
  key: 'ik',
  hash: 'ch',
  by: 'by',
  snapshot: 'sn',
  snapshotBytes: 'sb',
  turnFrom: 'tf',
  turnTo: 'tt',
} as const;

const playerOrNobody = (playerId: string | null): AttributeValue =>
  playerId === null ? { NULL: true } : { S: playerId };

/** Every commit attribute except the snapshot, for reads that do not want to pay for decoding it. */
export const WITHOUT_SNAPSHOT = {
  ProjectionExpression: '#pk, #sk, #ev, #at, #ik, #ch, #by, #tf, #tt',
  ExpressionAttributeNames: {
    '#pk': 'pk',
    '#sk': 'sk',
    '#ev': A.events,
    '#at': A.at,
    '#ik': A.key,
    '#ch': A.hash,
    '#by': A.by,
    '#tf': A.turnFrom,
    '#tt': A.turnTo,
  },
};

/** The item for a new commit, and the commit as `append` returns it. */
export function commitItem<E>(
  streamId: string,
  version: number,
  events: readonly E[],
  meta: AppendMeta,
): { item: Record<string, AttributeValue>; commit: Commit<E> } {
  if (meta.turn !== undefined) {
    checkTurnChange(meta.turn);
    checkHead(meta.turn.head, version);
    if (meta.turn.due) checkDue(meta.turn.due);
  }
  if (meta.due !== undefined) checkDue(meta.due);
  const at = (meta.at ?? new Date()).toISOString();
  const item: Record<string, AttributeValue> = {
    ...itemKey(streamId, version),
    [A.events]: encodePayload(events),
    [A.at]: { N: String(Date.parse(at)) },
  };
  const commit: Commit<E> = { streamId, version, events: [...events], at };
  if (meta.idempotencyKey !== undefined) item[A.key] = { S: (commit.idempotencyKey = meta.idempotencyKey) };
  if (meta.commandHash !== undefined) item[A.hash] = { S: (commit.commandHash = meta.commandHash) };
  if (meta.by !== undefined) item[A.by] = { S: (commit.by = meta.by) };
  if (meta.snapshot instanceof Uint8Array) item[A.snapshotBytes] = { B: meta.snapshot };
  else if (meta.snapshot !== undefined) item[A.snapshot] = encodePayload(meta.snapshot);
  if (meta.snapshot !== undefined) commit.snapshot = meta.snapshot;
  if (meta.due !== undefined) Object.assign(item, dueAttributes(streamId, meta.due));
  if (meta.turn !== undefined) {
    if (meta.turn.from === null || meta.turn.from !== meta.by) item[A.turnFrom] = playerOrNobody(meta.turn.from);
    item[A.turnTo] = playerOrNobody(meta.turn.to);
    commit.turn = { from: meta.turn.from, to: meta.turn.to };
  }
  return { item, commit };
}

/** A commit's time as ISO 8601, from milliseconds (as written now) or from ISO text (as written before). */
function storedTime(value: AttributeValue | undefined): string {
  if (value?.N !== undefined) return new Date(Number(value.N)).toISOString();
  return value?.S ?? '';
}

/**
 * A stored commit item back as a `Commit`; its snapshot is decoded only when asked for. The one place
 * stored events become `E`: whatever the stream's writer appended.
 */
export function readCommitItem<E>(
  streamId: string,
  item: Record<string, AttributeValue>,
  withSnapshot: boolean,
): Commit<E> {
  const commit: Commit<E> = {
    streamId,
    version: Number(item.sk?.N),
    events: decodePayload(item[A.events]) as E[],
    at: storedTime(item[A.at]),
  };
  const key = item[A.key]?.S;
  const hash = item[A.hash]?.S;
  const by = item[A.by]?.S;
  if (key !== undefined) commit.idempotencyKey = key;
  if (hash !== undefined) commit.commandHash = hash;
  if (by !== undefined) commit.by = by;
  const bytes = item[A.snapshotBytes]?.B;
  if (withSnapshot && bytes) commit.snapshot = bytes;
  else if (withSnapshot && item[A.snapshot]) commit.snapshot = decodePayload(item[A.snapshot]);
  // No `tf` beside a `tt`: the turn passed from the player who made the commit.
  const to = item[A.turnTo];
  const from = item[A.turnFrom] ?? (to && by !== undefined ? { S: by } : undefined);
  if (from && to) commit.turn = { from: from.S ?? null, to: to.S ?? null };
  return commit;
}
