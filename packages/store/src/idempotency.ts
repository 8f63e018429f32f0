import type { Commit } from './commit';
import type { Dynamo } from './dynamo';
import { IdempotencyConflictError } from './errors';
import { checkId, gameKey } from './keys';
import { readCommit } from './read';
import { BY_KEY } from './table';

/** What identifies a command for retries: its idempotency key, and a hash of the request it came with. */
export interface CommandIdentity {
  readonly idempotencyKey: string;
  readonly commandHash?: string | undefined;
}

/**
 * The one rule that tells a retried command from a new one: a commit recorded with the same key is
 * that command's, when it was recorded with the same hash (then the commit comes back), and a key
 * reused for another request otherwise (`IdempotencyConflictError`). Null when `commit` is another
 * key's, or none. `append` asks this of the commits it meets on a lost race; `findRecorded` of the
 * commit a caller names.
 */
export function recognise(commit: Commit | null, command: CommandIdentity): Commit | null {
  if (!commit || commit.idempotencyKey !== command.idempotencyKey) return null;
  if (commit.commandHash !== command.commandHash) {
    throw new IdempotencyConflictError(commit.gameId, command.idempotencyKey, commit.version);
  }
  return commit;
}

/**
 * The commit recorded with idempotency key `key` in a game (with its snapshot), or null.
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
    ExpressionAttributeValues: { ':pk': gameKey(gameId), ':key': { S: key } },
    ConsistentRead: true,
  });
  const versions = Items.map((item) => Number(item.sk?.N)).filter(Number.isSafeInteger);
  return versions.length > 0 ? readCommit(dynamo, gameId, Math.min(...versions)) : null;
}

/**
 * The commit a command was recorded as, if it was: the newest commit when it carries the key (free
 * to the caller that has just read it), otherwise the key's commit from the index. See `recognise`.
 */
export async function findRecorded(
  dynamo: Dynamo,
  gameId: string,
  command: CommandIdentity,
  newest?: Commit | null,
): Promise<Commit | null> {
  const candidate =
    newest?.idempotencyKey === command.idempotencyKey
      ? newest
      : await findByIdempotencyKey(dynamo, gameId, command.idempotencyKey);
  return recognise(candidate, command);
}
