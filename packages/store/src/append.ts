import { putAwaiting, restoreAwaiting } from './awaiting';
import { commitItem, HEAD_ATTRIBUTE, type AppendMeta, type Commit } from './commit';
import type { Dynamo } from './dynamo';
import { ConcurrencyError, IdempotencyConflictError, ProjectionLagError, type StoreError } from './errors';
import { findRecorded } from './idempotency';
import { checkId, checkVersion } from './keys';
import { readLatest } from './read';

/** What `append` did: wrote `commit`, or found the same command already recorded (`replayed`). */
export interface AppendResult {
  commit: Commit;
  replayed: boolean;
}

/**
 * Writes version `expectedVersion + 1` as one item with one conditional PutItem, and with
 * `meta.awaiting` the game's awaiting item with a second PutItem sent at the same time (one round
 * trip). On a lost race it reads the game's newest commit (and, for a keyed command not found
 * there, its key's commit) to tell a retry of an applied command from a real conflict. Only then
 * does it read anything.
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
  const put = dynamo.putIf({
    Item: item,
    ConditionExpression: 'attribute_not_exists(#sk)',
    ExpressionAttributeNames: { '#sk': 'sk' },
  });
  const { head, awaiting } = commit;
  if (!head || !awaiting) {
    return (await put) ? { commit, replayed: false } : resolveConflict(dynamo, gameId, expectedVersion, meta, false);
  }

  // Strictly newer only: a command about to lose the commit race must not overwrite the winner's item.
  const aside = putAwaiting(dynamo, gameId, head, awaiting, { sameVersion: false, hd: item[HEAD_ATTRIBUTE] });
  const [written, awaited] = await Promise.allSettled([put, aside]);
  // The commit's outcome is unknown (throttling, network): its item may have landed ahead of the
  // game. The retry with the same key, or the game's next append at that version, replaces it.
  if (written.status === 'rejected') throw written.reason;
  if (!written.value)
    return resolveConflict(dynamo, gameId, expectedVersion, meta, awaited.status === 'fulfilled' && awaited.value);
  if (awaited.status === 'rejected') throw new ProjectionLagError(commit, { cause: awaited.reason });
  if (!awaited.value) {
    // An item at our version already (a loser of this race wrote its own first), or none at all (the
    // game's first write of it was lost). Ours replaces it (an item newer still belongs to a later
    // commit and stays).
    try {
      await restoreAwaiting(dynamo, commit);
    } catch (error) {
      throw new ProjectionLagError(commit, { cause: error });
    }
  }
  return { commit, replayed: false };
}

/**
 * Explains a failed commit PutItem: a replay of the recorded command, or a conflict. The awaiting
 * item is then rewritten from the newest commit when this attempt's own write landed on it
 * (`ownAwaitingLanded`: it describes a commit that does not exist), and on the replay of the newest
 * commit (the first attempt may have failed to write it, see `ProjectionLagError`).
 */
async function resolveConflict(
  dynamo: Dynamo,
  gameId: string,
  expectedVersion: number,
  meta: AppendMeta,
  ownAwaitingLanded: boolean,
): Promise<AppendResult> {
  const latest = await readLatest(dynamo, gameId);
  let outcome: AppendResult | StoreError | null = null;
  const key = meta.idempotencyKey;
  if (key !== undefined) {
    try {
      const recorded = await findRecorded(
        dynamo,
        gameId,
        { idempotencyKey: key, commandHash: meta.commandHash },
        latest,
      );
      if (recorded) outcome = { commit: recorded, replayed: true };
    } catch (error) {
      if (!(error instanceof IdempotencyConflictError)) throw error;
      outcome = error;
    }
  }
  // The newest commit can only be missing if someone deleted items behind the store's back.
  outcome ??= new ConcurrencyError(gameId, expectedVersion, Math.max(latest?.version ?? 0, expectedVersion + 1));

  const replayOfNewest = !(outcome instanceof Error) && outcome.commit.version === latest?.version;
  if (latest && (ownAwaitingLanded || replayOfNewest)) {
    try {
      await restoreAwaiting(dynamo, latest);
    } catch (error) {
      // The caller's command is recorded: it must hear that its lists lag. A conflict stays a
      // conflict (the caller decides again, and its next append rewrites the item).
      if (!(outcome instanceof Error)) throw new ProjectionLagError(outcome.commit, { cause: error });
    }
  }
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
