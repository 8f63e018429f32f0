import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** The partition of one stream (a game, or any other stream such as a player record). */
export const streamKey = (streamId: string): AttributeValue => ({ S: `game#${streamId}` });

/** The key of item `sk` in a stream's partition: commits are 1..n, the head 0, members negative. */
export const itemKey = (streamId: string, sk: number): Record<string, AttributeValue> => ({
  pk: streamKey(streamId),
  sk: { N: String(sk) },
});

/** The head item's sort key. */
export const HEAD_SK = 0;

/** Member `index` (0-based) of a game lives at sort key -(index + 1). */
export const memberSk = (index: number): number => -(index + 1);

/** The `byPlayer` partition of one player. */
export const playerKey = (playerId: string): string => `player#${playerId}`;

/** Rejects ids DynamoDB could not key (empty) before they cost a request. */
export function checkId(kind: string, id: string): void {
  if (typeof id !== 'string' || id.length === 0) throw new TypeError(`${kind} must be a non-empty string`);
}

/** Rejects versions that are not whole numbers >= 0. */
export function checkVersion(kind: string, version: number): void {
  if (!Number.isSafeInteger(version) || version < 0) throw new TypeError(`${kind} must be a whole number >= 0, got ${version}`);
}
