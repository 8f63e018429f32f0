import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';

/**
 * The partition of one stream: a game, a player's record, a webhook endpoint, a watch link, the messages
 * of a game. Every stream's partition says `game#`, as the first streams (games) were written: the
 * prefix is part of the stored keys, not a claim that the stream is a game.
 */
export const streamKey = (streamId: string): AttributeValue => ({ S: `game#${streamId}` });

/** The key of item `sk` in a stream's partition: commits are 1..n, a game's members negative. */
export const itemKey = (streamId: string, sk: number): Record<string, AttributeValue> => ({
  pk: streamKey(streamId),
  sk: { N: String(sk) },
});

/** The member in seat `seat` (0-based) of a game lives at sort key -(seat + 1). */
export const memberSk = (seat: number): number => -(seat + 1);

/** The seat whose member item has sort key `sk`. */
export const seatOf = (sk: number): number => -sk - 1;

/** The highest seat a member item is kept for. */
export const MAX_SEAT = 998;

/** The `byPlayer` partition of one player. */
export const playerKey = (playerId: string): string => `player#${playerId}`;

const TURNS = 'turns#';

/** The partition holding one player's turn entries: a game's, while it waits on them (see turns.ts). */
export const turnsKey = (playerId: string): AttributeValue => ({ S: `${TURNS}${playerId}` });

/** The player whose turn partition `pk` is, or null for a partition of another kind. */
export const playerOfTurns = (pk: string): string | null => (pk.startsWith(TURNS) ? pk.slice(TURNS.length) : null);

/**
 * A game's sort key in a player's turn partition: a whole number from the first 120 bits of the
 * SHA-256 of its id. The table's sort key is numeric, and DynamoDB keeps 38 significant digits: a
 * 120-bit number has 37, so it is exact, and two games of one player meeting on it would take a
 * SHA-256 collision on 120 bits.
 */
export function turnSk(gameId: string): AttributeValue {
  const digest = createHash('sha256').update(gameId).digest().subarray(0, 15);
  return { N: BigInt(`0x${digest.toString('hex')}`).toString() };
}

/** Rejects ids DynamoDB could not key (empty) before they cost a request. */
export function checkId(kind: string, id: string): void {
  if (typeof id !== 'string' || id.length === 0) throw new TypeError(`${kind} must be a non-empty string`);
}

/** Rejects versions (and seats) that are not whole numbers >= 0. */
export function checkVersion(kind: string, version: number): void {
  if (!Number.isSafeInteger(version) || version < 0)
    throw new TypeError(`${kind} must be a whole number >= 0, got ${version}`);
}

/**
 * The due-index shard of a stream (0 to `shards` - 1): from the first bytes of the SHA-256 of its id, so
 * streams spread evenly and a stream's due items always land in the same shard.
 */
export function dueShard(streamId: string, shards: number): number {
  return createHash('sha256').update(streamId).digest().readUInt32BE(0) % shards;
}

/** The `byDue` partition of a shard. */
export const duePartition = (shard: number): string => `due#${shard}`;

/**
 * A due item's `byDue` sort key: its due time (ISO 8601 from `Date.toISOString()`, so it sorts as
 * text), its kind and its stream. Kinds are kebab-case words, so `#` separates the parts unambiguously.
 * @example dueSortKey('2026-12-01T10:00:00.000Z', 'timeout', 'g_1') // '2026-12-01T10:00:00.000Z#timeout#g_1'
 */
export function dueSortKey(at: string, kind: string, streamId: string): string {
  return `${at}#${kind}#${streamId}`;
}

/** Rejects a due kind that could not be told apart in a sort key (see `dueSortKey`). */
export function checkDueKind(kind: string): void {
  if (typeof kind !== 'string' || !/^[a-z][a-z0-9-]{0,31}$/.test(kind))
    throw new TypeError(`a due kind is a kebab-case word, got ${JSON.stringify(kind)}`);
}
