import { append, type AppendResult } from './append';
import type { AppendMeta, Commit } from './commit';
import { Dynamo, type StoreOptions } from './dynamo';
import { findRecorded, type CommandIdentity, type RecordedAt } from './idempotency';
import { rewriteCommit, type Rewrite } from './rewrite';
import {
  readAfter,
  readAll,
  readCommit,
  readLatest,
  readRecent,
  type CommitPage,
  type ReadAfterOptions,
  type ReadRecentOptions,
} from './read';

/**
 * Streams of events with versions, one partition of the table each (castore's layout: the stream id is
 * the partition key, the version the sort key): a game, a player's record, a webhook endpoint, a watch
 * link, a game's messages. An append is one conditional PutItem that only the next version can pass; a
 * retry of an appended command is recognised by its idempotency key; reads catch up from any version.
 * `E` is the type of the streams' events: the store keeps them as opaque JSON and checks nothing, so
 * `E` is what the writer appended. Every failure is a `StoreError`.
 * @example
 * const games = new EventStreams<GameEvent>({ client: createDynamoClient({ endpoint }), tableName: 'chickenfoot' });
 * const { commit } = await games.append('g1', 0, [created], { idempotencyKey: 'k1' });
 * const latest = await games.readLatest('g1'); // commit 1, its events GameEvent[]
 */
export class EventStreams<E = unknown> {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  get tableName(): string {
    return this.#dynamo.tableName;
  }

  /**
   * Appends the events one command caused as version `expectedVersion + 1` (0 = empty stream):
   * one conditional PutItem. If that version exists already, the command is recognised as a retry
   * when the commit there holds its `idempotencyKey` with the same `commandHash` (then nothing is
   * written and `replayed` is true, with the recorded commit); a key with another hash throws
   * `IdempotencyConflictError`; anything else throws `ConcurrencyError`. `expectedVersion` must be
   * a version the caller read (or cached): the store does not pay a read per append to check it,
   * the condition does.
   *
   * A game's commit may carry `meta.turn` (a change of whom the game awaits, and its head): the players'
   * turn entries are then written once the commit is, two PutItems in parallel (one when a game starts),
   * only on the commits that change the awaited player. If the commit is written but they cannot be
   * (throttling, network), `ProjectionLagError` says so, with the commit: retry with the same key, and
   * repair them with `TurnLists.restore` (the game service does both).
   * @example
   * const { commit, replayed } = await games.append('g1', latest.version, events, { idempotencyKey, commandHash, snapshot, turn: { from: 'ann', to: 'bob', head } });
   */
  append(
    streamId: string,
    expectedVersion: number,
    events: readonly E[],
    meta: AppendMeta = {},
  ): Promise<AppendResult<E>> {
    return append(this.#dynamo, streamId, expectedVersion, events, meta);
  }

  /**
   * The newest commit with its snapshot (one strongly consistent Query, or with `consistent: false`
   * an eventually consistent one at half the read units), or null for an empty stream.
   */
  readLatest(streamId: string, options: { snapshot?: boolean; consistent?: boolean } = {}): Promise<Commit<E> | null> {
    return readLatest(this.#dynamo, streamId, options.snapshot ?? true, options.consistent ?? true);
  }

  /**
   * The newest `count` commits (up to version `upTo` when given), oldest first, with their snapshots:
   * one strongly consistent Query. Empty for an empty stream.
   * @example
   * // A snapshot every 8 commits: the newest 8 hold one, or reach back to commit 1.
   * const commits = await games.readRecent('g1', { count: 8 });
   */
  readRecent(streamId: string, options: ReadRecentOptions): Promise<Commit<E>[]> {
    return readRecent(this.#dynamo, streamId, options);
  }

  /** The commit at `version` (one strongly consistent GetItem), or null. */
  readCommit(streamId: string, version: number, options: { snapshot?: boolean } = {}): Promise<Commit<E> | null> {
    return readCommit(this.#dynamo, streamId, version, options.snapshot ?? true);
  }

  /**
   * One page of the commits after version `after`, oldest first, without snapshots unless asked.
   * @example
   * let after = client.version;
   * do { const page = await games.readAfter('g1', after, { limit: 100 }); send(page.commits); after = page.next; } while (after !== null);
   */
  readAfter(streamId: string, after: number, options?: ReadAfterOptions): Promise<CommitPage<E>> {
    return readAfter(this.#dynamo, streamId, after, options);
  }

  /** Every commit of the stream, oldest first (as many Queries as 1 MB pages). */
  readAll(streamId: string, options?: Omit<ReadAfterOptions, 'limit'>): Promise<Commit<E>[]> {
    return readAll(this.#dynamo, streamId, options);
  }

  /**
   * Rewrites a commit's events (and its snapshot) in place, to erase what a person asked to be erased
   * (see `rewriteCommit`): never to change what happened. False when there is no such commit.
   * @example await players.rewrite('p1', 1, { events: [{ ...registered, name: '' }] });
   */
  rewrite(streamId: string, version: number, rewrite: Rewrite<E>): Promise<boolean> {
    return rewriteCommit(this.#dynamo, streamId, version, rewrite);
  }

  /**
   * The commit a command was recorded as, when it was: the one carrying its idempotency key with
   * the same hash, at the version the command named (`{ version }`: one GetItem), or, for a command
   * that names none, among the first `upTo` commits (one Query). A key recorded there for another
   * request throws `IdempotencyConflictError`; null when it was not recorded there. The same rule
   * `append` applies to a lost race: one place.
   * @example
   * const done = await games.findRecorded('g1', { idempotencyKey: key, commandHash }, { version: ifMatch + 1 });
   */
  findRecorded(streamId: string, command: CommandIdentity, where: RecordedAt): Promise<Commit<E> | null> {
    return findRecorded(this.#dynamo, streamId, command, where);
  }
}
