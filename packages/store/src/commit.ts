import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { checkDue, type DueAt } from './due-at';
import { checkHead, type GameHead } from './head';
import { itemKey } from './keys';
import { decodePayload, encodePayload } from './payload';
import { checkTurnChange, type TurnChange } from './turn-change';

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
  /** How it changed whom the game awaits, when it was appended with `AppendMeta.turn`. */
  turn?: TurnChange;
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
   * A change of whom the game awaits, with the game's head after the commit (`version` the commit's):
   * once the commit is written, the append moves the game between those players' turn lists (see
   * turns.ts). Absent when the commit leaves the same player awaited: nothing more is written. In a
   * game with a turn clock, `due` is the awaited player's deadline (null: none), and a change from a
   * player to the same one rewrites their entry with a new one (a new turn of theirs, more time).
   */
  turn?: TurnChange & { readonly head: GameHead; readonly due?: DueAt | null };
  /** Defaults to now. */
  at?: Date;
  /** Who issued the command. */
  by?: string;
}

// Short attribute names: they are stored in every commit and count towards its size (a commit
// with a snapshot is meant to stay under the 1 KB of one write unit).
const A = {
  events: 'ev',
  at: 'at',
  key: 'ik',
  hash: 'ch',
  by: 'by',
  snapshot: 'sn',
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
export function commitItem(
  gameId: string,
  version: number,
  events: readonly unknown[],
  meta: AppendMeta,
): { item: Record<string, AttributeValue>; commit: Commit } {
  if (meta.turn !== undefined) {
    checkTurnChange(meta.turn);
    checkHead(meta.turn.head, version);
    if (meta.turn.due) checkDue(meta.turn.due);
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
  if (meta.turn !== undefined) {
    item[A.turnFrom] = playerOrNobody(meta.turn.from);
    item[A.turnTo] = playerOrNobody(meta.turn.to);
    commit.turn = { from: meta.turn.from, to: meta.turn.to };
  }
  return { item, commit };
}

/** A stored commit item back as a `Commit`; its snapshot is decoded only when asked for. */
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
  const from = item[A.turnFrom];
  const to = item[A.turnTo];
  if (from && to) commit.turn = { from: from.S ?? null, to: to.S ?? null };
  return commit;
}
