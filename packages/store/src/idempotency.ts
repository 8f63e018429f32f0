import type { Commit } from './commit';
import type { Dynamo } from './dynamo';
import { checkId, streamKey } from './keys';
import { readCommit } from './read';
import { BY_KEY } from './table';

/**
 * The commit recorded with idempotency key `key` in a stream (with its snapshot), or null.
 * One strongly consistent Query on the `byKey` local index (which only keys commits that carry a
 * key), plus one GetItem when found. Should a key ever have been recorded twice, the first wins.
 */
export async function findByIdempotencyKey(dynamo: Dynamo, gameId: string, key: string): Promise<Commit | null> {
  checkId('gameId', gameId);
  checkId('idempotencyKey', key);
  const { Items = [] } = await dynamo.query({
    IndexName: BY_KEY,
    KeyConditionExpression: '#pk = :pk AND #ik = :key',
    ExpressionAttributeNames: { '#pk': 'pk', '#ik': 'ik' },
    ExpressionAttributeValues: { ':pk': streamKey(gameId), ':key': { S: key } },
    ConsistentRead: true,
  });
  const versions = Items.map((item) => Number(item.sk?.N)).filter(Number.isSafeInteger);
  return versions.length > 0 ? readCommit(dynamo, gameId, Math.min(...versions)) : null;
}
