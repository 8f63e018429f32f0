import { commitItem, type AppendMeta, type Commit } from './commit';
import type { Dynamo } from './dynamo';
import { ConcurrencyError, IdempotencyConflictError } from './errors';
import { findByIdempotencyKey } from './idempotency';
import { checkId, checkVersion } from './keys';
import { readLatest } from './read';

/** What `append` did: wrote `commit`, or found the same command already recorded (`replayed`). */
export interface AppendResult {
  commit: Commit;
  replayed: boolean;
}

/**
 * Writes version `expectedVersion + 1` as one item with one conditional PutItem. On a lost race it
 * reads the stream's newest commit (and, for a keyed command not found there, its key's commit) to
 * tell a retry of an applied command from a real conflict. Only then does it read anything.
 */
export async function append(
  dynamo: Dynamo,
  gameId: string,
  expectedVersion: number,
  events: readonly unknown[],
  meta: AppendMeta,
): Promise<AppendResult> {
  checkId('gameId', gameId);
  checkVersion('expectedVersion', expectedVersion);
  if (!Array.isArray(events)) throw new TypeError('events must be an array');
  const { item, commit } = commitItem(gameId, expectedVersion + 1, events, meta);
  const written = await dynamo.putIf({
    Item: item,
    ConditionExpression: 'attribute_not_exists(#sk)',
    ExpressionAttributeNames: { '#sk': 'sk' },
  });
  return written ? { commit, replayed: false } : resolveConflict(dynamo, gameId, expectedVersion, meta);
}

async function resolveConflict(dynamo: Dynamo, gameId: string, expectedVersion: number, meta: AppendMeta): Promise<AppendResult> {
  const latest = await readLatest(dynamo, gameId);
  const key = meta.idempotencyKey;
  if (key !== undefined) {
    const recorded = latest?.idempotencyKey === key ? latest : await findByIdempotencyKey(dynamo, gameId, key);
    if (recorded) {
      if (recorded.commandHash !== meta.commandHash) throw new IdempotencyConflictError(gameId, key, recorded.version);
      return { commit: recorded, replayed: true };
    }
  }
  // The newest commit can only be missing if someone deleted items behind the store's back.
  throw new ConcurrencyError(gameId, expectedVersion, Math.max(latest?.version ?? 0, expectedVersion + 1));
}
