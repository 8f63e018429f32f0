import { dueAttributes, type DueAt } from './due-at';
import type { Dynamo } from './dynamo';
import { checkId, checkVersion, itemKey } from './keys';

/**
 * A game's stale check: one item in its partition (sort key -1002) that is in the due index while
 * the game waits for players, due when it will have waited too long with nothing happening. Each
 * commit of a waiting game writes it again, due later; the commit that starts or cancels the game
 * writes it without the index keys (a tombstone, so a late write of an older version cannot bring
 * it back). What is done when it falls due (closing the game) is the caller's sweeper's kind of work.
 */
export const STALE_CHECK_SK = -1002;

/**
 * Writes `gameId`'s stale check as of `version`: due at `due`, or (null) out of the due index. One
 * PutItem, landing only over an older version (`repair`: or the same). True when it landed.
 */
export async function writeStaleCheck(
  dynamo: Dynamo,
  gameId: string,
  version: number,
  due: DueAt | null,
  repair = false,
): Promise<boolean> {
  checkId('gameId', gameId);
  checkVersion('version', version);
  const written = await dynamo.putIf({
    Item: { ...itemKey(gameId, STALE_CHECK_SK), v: { N: String(version) }, ...(due ? dueAttributes(gameId, due) : {}) },
    ConditionExpression: `attribute_not_exists(#v) OR #v ${repair ? '<=' : '<'} :v`,
    ExpressionAttributeNames: { '#v': 'v' },
    ExpressionAttributeValues: { ':v': { N: String(version) } },
  });
  return written !== null;
}
