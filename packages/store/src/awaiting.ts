import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { encodeHead, HEAD_ATTRIBUTE, type Awaiting, type Commit } from './commit';
import type { Dynamo } from './dynamo';
import { checkHead, type GameHead } from './head';
import { AWAITING_SK, itemKey, playerKey } from './keys';

/**
 * The `byAwaiting` sort key: when the game last changed while waiting for the player (the head's
 * `updatedAt`), so a player's Query lists the game that has waited longest first.
 */
export const awaitingSortKey = (since: string, gameId: string): string => `${since}#${gameId}`;

/**
 * A game's awaiting item: the version it was written for (`v`), a copy of that version's head, and,
 * only while the game waits on a player, `apk`/`ask` (the `byAwaiting` keys). Without them the item
 * drops out of the sparse index. `hd` lets the append reuse the head it has already encoded.
 */
export function awaitingItem(
  gameId: string,
  head: GameHead,
  awaiting: Awaiting,
  hd: AttributeValue = encodeHead(head),
): Record<string, AttributeValue> {
  const since = checkHead(head);
  const item: Record<string, AttributeValue> = {
    ...itemKey(gameId, AWAITING_SK),
    v: { N: String(head.version) },
    [HEAD_ATTRIBUTE]: hd,
  };
  if (awaiting.playerId !== null) {
    item.apk = { S: playerKey(awaiting.playerId) };
    item.ask = { S: awaitingSortKey(since, gameId) };
  }
  return item;
}

/** How a write of the awaiting item treats an item already there. */
export interface AwaitingWrite {
  /**
   * false (an append): write only over an older version, so a command that loses the race for its
   * commit cannot overwrite the winner's item. true (a repair): also over the same version.
   */
  sameVersion: boolean;
  /** The head as the commit item encoded it. */
  hd?: AttributeValue;
}

/**
 * Writes the awaiting item for `head.version` with one version-guarded PutItem: true when written,
 * false when an item as new (`sameVersion: false`) or newer was there.
 */
export async function putAwaiting(
  dynamo: Dynamo,
  gameId: string,
  head: GameHead,
  awaiting: Awaiting,
  write: AwaitingWrite,
): Promise<boolean> {
  // The game's first commit writes the item; after that an append only needs `#v < :v` (a
  // simpler condition for DynamoDB to evaluate). Were the first write lost, that condition fails
  // on the missing item and the append restores it (`restoreAwaiting`, which allows a missing one).
  const newer = write.sameVersion ? '#v <= :v' : '#v < :v';
  const written = await dynamo.putIf({
    Item: awaitingItem(gameId, head, awaiting, write.hd),
    ConditionExpression: write.sameVersion || head.version === 1 ? `attribute_not_exists(#v) OR ${newer}` : newer,
    ExpressionAttributeNames: { '#v': 'v' },
    ExpressionAttributeValues: { ':v': { N: String(head.version) } },
  });
  return written !== null;
}

/**
 * Rewrites the awaiting item from a recorded commit (over an item of the same version or older),
 * or does nothing (null) when the commit was appended without `awaiting`.
 */
export function restoreAwaiting(dynamo: Dynamo, commit: Commit): Promise<boolean> | null {
  if (!commit.head || !commit.awaiting) return null;
  return putAwaiting(dynamo, commit.gameId, commit.head, commit.awaiting, { sameVersion: true });
}
