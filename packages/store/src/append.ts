import { commitItem, type AppendMeta, type Commit } from './commit';
import type { Dynamo } from './dynamo';
import { ConcurrencyError, ProjectionLagError } from './errors';
import type { GameHead } from './head';
import { findRecorded } from './idempotency';
import { checkId, checkVersion } from './keys';
import { readCommit, readLatest } from './read';
import { clearTurns, entryWrites, writeEntry, type EntryWrite } from './turns';

/** What `append` did: wrote `commit`, or found the same command already recorded (`replayed`). */
export interface AppendResult<E = unknown> {
  commit: Commit<E>;
  replayed: boolean;
}

/**
 * Writes version `expectedVersion + 1` of a stream as one item with one conditional PutItem. When the
 * commit (a game's) changes whom the game in play awaits (`meta.turn`), the two players' turn entries (turns.ts) are
 * written at the same time, so a move costs one round trip. That is safe because each side of a race
 * mends what the other's writes did: the winner rewrites an entry a loser's write got to first, and a
 * loser puts back each entry it changed that the winner's commit does not change the same way. A
 * finished game's entries are deleted only once its commit is written (a loser could not put them
 * back), and so is the new deadline of a player already awaited. On a lost race it reads the newest commit to tell a retry of an applied command from a real
 * conflict.
 */
export async function append<E>(
  dynamo: Dynamo,
  streamId: string,
  expectedVersion: number,
  events: readonly E[],
  meta: AppendMeta,
): Promise<AppendResult<E>> {
  checkId('streamId', streamId);
  checkVersion('expectedVersion', expectedVersion);
  if (!Array.isArray(events)) throw new TypeError('events must be an array');
  const { item, commit } = commitItem(streamId, expectedVersion + 1, events, meta);
  const put = dynamo.putIf({
    Item: item,
    ConditionExpression: 'attribute_not_exists(#sk)',
    ExpressionAttributeNames: { '#sk': 'sk' },
  });
  const turn = meta.turn;
  const inPlay = turn !== undefined && turn.head.status !== 'finished' && (turn.from !== turn.to || turn.to !== null);
  const entries = inPlay ? entryWrites(turn) : [];
  // A new deadline for the player already awaited (a new turn of theirs, more time) rewrites their
  // waiting entry, which a command that lost its race could not put back: written once the commit is.
  const rewrite = inPlay && turn.from === turn.to;
  const parallel = rewrite ? [] : entries;
  const write = { version: commit.version, at: turn?.since ?? commit.at, head: turn?.head as GameHead, due: turn?.due };
  const [written, ...sent] = await Promise.allSettled([
    put,
    ...parallel.map((e) => writeEntry(dynamo, streamId, e, write)),
  ]);
  // The commit's outcome is unknown (throttling, network): it may have landed. The retry with the
  // same key is recognised, and its caller repairs the entries (`restoreTurns`).
  if (written.status === 'rejected') throw written.reason;
  if (!written.value) {
    const landed = parallel.filter((_, i) => sent[i]?.status === 'fulfilled' && sent[i].value);
    return resolveConflict<E>(dynamo, streamId, expectedVersion, meta, landed);
  }
  try {
    // An entry that a loser of this race wrote first (at our version) is rewritten with ours.
    const beaten = parallel.filter((_, i) => sent[i]?.status === 'fulfilled' && !sent[i].value);
    const after = rewrite ? entries : beaten;
    await Promise.all(after.map((e) => writeEntry(dynamo, streamId, e, { ...write, repair: true })));
    const failed = sent.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    if (turn && turn.head.status === 'finished') await clearTurns(dynamo, streamId, commit.version, turn.head);
  } catch (error) {
    throw new ProjectionLagError(commit, { cause: error });
  }
  return { commit, replayed: false };
}

/**
 * Explains a failed commit PutItem: a replay of the recorded command (the commit at its version
 * carries its key and hash), or a conflict. A replay's caller repairs what the first attempt may have
 * left unwritten (see `TurnLists.restore`). On a conflict, the entries this attempt's writes
 * changed (`landed`) are put back as the winner's commit leaves them.
 */
async function resolveConflict<E>(
  dynamo: Dynamo,
  streamId: string,
  expectedVersion: number,
  meta: AppendMeta,
  landed: readonly EntryWrite[],
): Promise<AppendResult<E>> {
  const latest = await readLatest<E>(dynamo, streamId);
  const key = meta.idempotencyKey;
  if (key !== undefined) {
    const identity = { idempotencyKey: key, commandHash: meta.commandHash };
    const recorded = await findRecorded(dynamo, streamId, identity, { version: expectedVersion + 1 }, latest);
    if (recorded) return { commit: recorded, replayed: true };
  }
  const version = expectedVersion + 1;
  if (landed.length > 0 && meta.turn) {
    const winner = latest?.version === version ? latest : await readCommit(dynamo, streamId, version, false);
    // Both commands started from the same version, so an unchanged turn awaits our `from`.
    const awaited = winner?.turn ? winner.turn.to : meta.turn.from;
    const undo = landed.filter((e) => e.waiting !== (e.playerId === awaited));
    const write = {
      version,
      at: winner?.at ?? '',
      head: meta.turn.head,
      due: meta.turn.due,
      repair: true,
      restore: true,
    };
    await Promise.all(undo.map((e) => writeEntry(dynamo, streamId, { ...e, waiting: !e.waiting }, write)));
  }
  // The newest commit can only be missing if someone deleted items behind the store's back.
  throw new ConcurrencyError(streamId, expectedVersion, Math.max(latest?.version ?? 0, version));
}
