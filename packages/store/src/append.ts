import { commitItem, type AppendMeta, type Commit } from './commit';
import type { Dynamo } from './dynamo';
import { ConcurrencyError, ProjectionLagError } from './errors';
import { findRecorded } from './idempotency';
import { checkId, checkVersion } from './keys';
import { readLatest } from './read';
import { writeTurns } from './turns';

/** What `append` did: wrote `commit`, or found the same command already recorded (`replayed`). */
export interface AppendResult {
  commit: Commit;
  replayed: boolean;
}

/**
 * Writes version `expectedVersion + 1` as one item with one conditional PutItem; then, when the
 * commit changed whom the game awaits (`meta.turn`), the players' turn entries (turns.ts). They are
 * written only once the commit is: a command that loses the race for its version writes nothing but
 * its failed put. On a lost race it reads the newest commit (and, when that is not the command's
 * version, the commit at it) to tell a retry of an applied command from a real conflict.
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
  if (!written) return resolveConflict(dynamo, gameId, expectedVersion, meta);
  if (meta.turn && meta.turn.from !== meta.turn.to) {
    try {
      await writeTurns(dynamo, gameId, {
        version: commit.version,
        at: commit.at,
        change: meta.turn,
        head: meta.turn.head,
      });
    } catch (error) {
      throw new ProjectionLagError(commit, { cause: error });
    }
  }
  return { commit, replayed: false };
}

/**
 * Explains a failed commit PutItem: a replay of the recorded command (the commit at its version
 * carries its key and hash), or a conflict. A replay's caller repairs what the first attempt may have
 * left unwritten (see `EventStore.restoreTurns`).
 */
async function resolveConflict(
  dynamo: Dynamo,
  gameId: string,
  expectedVersion: number,
  meta: AppendMeta,
): Promise<AppendResult> {
  const latest = await readLatest(dynamo, gameId);
  const key = meta.idempotencyKey;
  if (key !== undefined) {
    const identity = { idempotencyKey: key, commandHash: meta.commandHash };
    const recorded = await findRecorded(dynamo, gameId, identity, { version: expectedVersion + 1 }, latest);
    if (recorded) return { commit: recorded, replayed: true };
  }
  // The newest commit can only be missing if someone deleted items behind the store's back.
  throw new ConcurrencyError(gameId, expectedVersion, Math.max(latest?.version ?? 0, expectedVersion + 1));
}
