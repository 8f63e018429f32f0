import type { Commit } from './commit';
import type { Dynamo } from './dynamo';
import { IdempotencyConflictError } from './errors';
import { checkId, checkVersion } from './keys';
import { readCommit, readCommitItemsBetween } from './read';

/** What identifies a command for retries: its idempotency key, and a hash of the request it came with. */
export interface CommandIdentity {
  readonly idempotencyKey: string;
  readonly commandHash?: string | undefined;
}

/**
 * Where a command's commit would be: a command that names the version it acts on (a move, a
 * creation at 0) can only have been recorded as the next one; a command that names none (a join) is
 * looked for among the first commits of the stream, where such commands are.
 */
export type RecordedAt = { readonly version: number } | { readonly upTo: number };

/**
 * The one rule that tells a retried command from a new one: a commit recorded with the same key is
 * that command's, when it was recorded with the same hash (then the commit comes back), and a key
 * reused for another request otherwise (`IdempotencyConflictError`). Null when `commit` is another
 * key's, or none.
 */
export function recognise<E>(commit: Commit<E> | null, command: CommandIdentity): Commit<E> | null {
  if (!commit || commit.idempotencyKey !== command.idempotencyKey) return null;
  if (commit.commandHash !== command.commandHash) {
    throw new IdempotencyConflictError(commit.streamId, command.idempotencyKey, commit.version);
  }
  return commit;
}

/**
 * The commit a command was recorded as, if it was (see `recognise`): the one at `where.version`
 * (one GetItem, none when `known` is that commit already), or the first one carrying the key among
 * commits 1..`where.upTo` (one Query).
 */
export async function findRecorded<E>(
  dynamo: Dynamo,
  streamId: string,
  command: CommandIdentity,
  where: RecordedAt,
  known?: Commit<E> | null,
): Promise<Commit<E> | null> {
  checkId('streamId', streamId);
  checkId('idempotencyKey', command.idempotencyKey);
  if ('version' in where) {
    checkVersion('version', where.version);
    const candidate =
      known?.version === where.version
        ? known
        : where.version > 0
          ? await readCommit<E>(dynamo, streamId, where.version)
          : null;
    return recognise(candidate, command);
  }
  checkVersion('upTo', where.upTo);
  if (where.upTo < 1) return null;
  const items = await readCommitItemsBetween<E>(dynamo, streamId, 1, where.upTo, {
    FilterExpression: '#ik = :key',
    ExpressionAttributeNames: { '#ik': 'ik' },
    ExpressionAttributeValues: { ':key': { S: command.idempotencyKey } },
  });
  return recognise(items[0] ?? null, command);
}
