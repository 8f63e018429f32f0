import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** The partition of one game (players are kept the same way: a player record is a game of one commit). */
export const gameKey = (gameId: string): AttributeValue => ({ S: `game#${gameId}` });

/** The key of item `sk` in a game's partition: commits are 1..n, members and the awaiting item negative. */
export const itemKey = (gameId: string, sk: number): Record<string, AttributeValue> => ({
  pk: gameKey(gameId),
  sk: { N: String(sk) },
});

/** The member in seat `seat` (0-based) of a game lives at sort key -(seat + 1). */
export const memberSk = (seat: number): number => -(seat + 1);

/** The seat whose member item has sort key `sk`. */
export const seatOf = (sk: number): number => -sk - 1;

/**
 * A game's one "awaiting" item (whose move the game waits for, see awaiting.ts) lives at this sort
 * key: below every member (-1..-(seat + 1)) and every commit, so no range read of either meets it.
 */
export const AWAITING_SK = -1000;

/** The highest seat whose member sort key stays above `AWAITING_SK`. */
export const MAX_SEAT = -AWAITING_SK - 2;

/** The `byPlayer` (and `byAwaiting`) partition of one player. */
export const playerKey = (playerId: string): string => `player#${playerId}`;

/** Rejects ids DynamoDB could not key (empty) before they cost a request. */
export function checkId(kind: string, id: string): void {
  if (typeof id !== 'string' || id.length === 0) throw new TypeError(`${kind} must be a non-empty string`);
}

/** Rejects versions (and seats) that are not whole numbers >= 0. */
export function checkVersion(kind: string, version: number): void {
  if (!Number.isSafeInteger(version) || version < 0)
    throw new TypeError(`${kind} must be a whole number >= 0, got ${version}`);
}
