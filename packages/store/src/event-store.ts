import { append, type AppendResult } from './append';
import type { AppendMeta, Commit } from './commit';
import { measureCost, type CostMeter, type CostReport } from './cost';
import {
  listDeliveries,
  putDelivery,
  readDelivery,
  recordAttempt,
  requeueDelivery,
  type AttemptRecord,
  type Delivery,
  type NewDelivery,
} from './deliveries';
import { claimDue, isStillDue, listDue, settleDue, type DueAt, type DueItem, type DuePage } from './due';
import { Dynamo, type StoreClient } from './dynamo';
import type { GameHead } from './head';
import { writeTurns } from './turns';
import { listLobby, writeLobby, type LobbyEntry, type LobbyOptions, type LobbyPage } from './lobby';
import { claimQuickMatch, readQuickMatch, type QuickMatchReceipt } from './quick-match';
import { writeStaleCheck } from './stale-check';
import { findRecorded, type CommandIdentity, type RecordedAt } from './idempotency';
import {
  listPlayerGames,
  type AllGamesOptions,
  type AwaitingGame,
  type MyTurnOptions,
  type PlayerGame,
  type PlayerGamesPage,
} from './player-games';
import {
  rebuildProjections,
  updateProjections,
  type ProjectionInput,
  type ProjectionResult,
  type RebuildInput,
} from './projections';
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

/** Where a store keeps its games. Configuration arrives here; the store reads no environment. */
export interface EventStoreOptions {
  /** A `DynamoDBClient` (see `createDynamoClient`) or a `DynamoDBDocumentClient`. */
  client: StoreClient;
  tableName: string;
  /** Counts every request this store makes, with the capacity DynamoDB reports for it. */
  meter?: CostMeter;
}

/**
 * Games as streams of opaque events with versions, on one DynamoDB table, plus the projections the API reads
 * instead of folding games. It knows no game rules. Every failure is a `StoreError`.
 * @example
 * const store = new EventStore({ client: createDynamoClient({ endpoint }), tableName: 'chickenfoot' });
 * const { commit } = await store.append('g1', 0, [{ type: 'GameCreated' }], { idempotencyKey: 'k1' });
 * const latest = await store.readLatest('g1'); // commit 1
 */
export class EventStore {
  readonly #dynamo: Dynamo;

  constructor({ client, tableName, meter }: EventStoreOptions) {
    this.#dynamo = new Dynamo(client, tableName, meter);
  }

  get tableName(): string {
    return this.#dynamo.tableName;
  }

  /**
   * Appends the events one command caused as version `expectedVersion + 1` (0 = empty game):
   * one conditional PutItem. If that version exists already, the command is recognised as a retry
   * when the commit there holds its `idempotencyKey` with the same `commandHash` (then nothing is
   * written and `replayed` is true, with the recorded commit); a key with another hash throws
   * `IdempotencyConflictError`; anything else throws `ConcurrencyError`. `expectedVersion` must be
   * a version the caller read (or cached): the store does not pay a read per append to check it,
   * the condition does.
   *
   * With `meta.turn` (a change of whom the game awaits, and the head) the players' turn entries are
   * written once the commit is: two PutItems in parallel (one when a game starts), only on the
   * commits that change the awaited player. If the commit is written but they cannot be (throttling,
   * network), `ProjectionLagError` says so, with the commit: retry with the same key, and repair
   * them with `restoreTurns` (the game service does both).
   * @example
   * const { commit, replayed } = await store.append('g1', latest.version, events, { idempotencyKey, commandHash, snapshot, turn: { from: 'ann', to: 'bob', head } });
   */
  append(
    gameId: string,
    expectedVersion: number,
    events: readonly unknown[],
    meta: AppendMeta = {},
  ): Promise<AppendResult> {
    return append(this.#dynamo, gameId, expectedVersion, events, meta);
  }

  /**
   * The newest commit with its snapshot (one strongly consistent Query, or with `consistent: false`
   * an eventually consistent one at half the read units), or null for an empty game.
   */
  readLatest(gameId: string, options: { snapshot?: boolean; consistent?: boolean } = {}): Promise<Commit | null> {
    return readLatest(this.#dynamo, gameId, options.snapshot ?? true, options.consistent ?? true);
  }

  /**
   * The newest `count` commits (up to version `upTo` when given), oldest first, with their snapshots:
   * one strongly consistent Query. Empty for an empty game.
   * @example
   * // A snapshot every 8 commits: the newest 8 hold one, or reach back to commit 1.
   * const commits = await store.readRecent('g1', { count: 8 });
   */
  readRecent(gameId: string, options: ReadRecentOptions): Promise<Commit[]> {
    return readRecent(this.#dynamo, gameId, options);
  }

  /** The commit at `version` (one strongly consistent GetItem), or null. */
  readCommit(gameId: string, version: number, options: { snapshot?: boolean } = {}): Promise<Commit | null> {
    return readCommit(this.#dynamo, gameId, version, options.snapshot ?? true);
  }

  /**
   * One page of the commits after version `after`, oldest first, without snapshots unless asked.
   * @example
   * let after = client.version;
   * do { const page = await store.readAfter('g1', after, { limit: 100 }); send(page.commits); after = page.next; } while (after !== null);
   */
  readAfter(gameId: string, after: number, options?: ReadAfterOptions): Promise<CommitPage> {
    return readAfter(this.#dynamo, gameId, after, options);
  }

  /** Every commit of the game, oldest first (as many Queries as 1 MB pages). */
  readAll(gameId: string, options?: Omit<ReadAfterOptions, 'limit'>): Promise<Commit[]> {
    return readAll(this.#dynamo, gameId, options);
  }

  /**
   * The commit a command was recorded as, when it was: the one carrying its idempotency key with
   * the same hash, at the version the command named (`{ version }`: one GetItem), or, for a command
   * that names none, among the first `upTo` commits (one Query). A key recorded there for another
   * request throws `IdempotencyConflictError`; null when it was not recorded there. The same rule
   * `append` applies to a lost race: one place.
   * @example
   * const done = await store.findRecorded('g1', { idempotencyKey: key, commandHash }, { version: ifMatch + 1 });
   */
  findRecorded(gameId: string, command: CommandIdentity, where: RecordedAt): Promise<Commit | null> {
    return findRecorded(this.#dynamo, gameId, command, where);
  }

  /**
   * Writes exactly the member items given (one PutItem each, in parallel) after an append, each
   * with a copy of `head` for `listPlayerGames`. Pass the members whose entry changed: a seat
   * taken, or all when the game's status changes (whose move it awaits is the append's
   * `meta.awaiting`, not a member's), or all to repair. Version-guarded per item and idempotent:
   * an item as new or newer than `head.version` is skipped, not an error. `removed` members (a player
   * who left a seat before the game started) are deleted, each only while the seat's item is still
   * theirs and older than the head. The head itself lives in the commit (`AppendMeta.head`).
   * @example
   * await store.updateProjections('g1', { head, members: [{ seat: 0, playerId: 'ann' }, { seat: 1, playerId: 'bob' }] });
   */
  updateProjections(gameId: string, input: ProjectionInput): Promise<ProjectionResult> {
    return updateProjections(this.#dynamo, gameId, input);
  }

  /**
   * Writes again what a recorded commit's turn change means for the players' turn lists, over
   * entries of its version or older, never a newer commit's: for a caller that recognised a retry
   * and must repair what the first attempt may have left unwritten (`ProjectionLagError`). `head` is
   * the game's head after the commit, and `due` (in a game with a turn clock) the awaited player's
   * deadline after it, and `since` when the awaited player's turn began (default: the commit's time).
   * False when the commit changed no turn, or newer entries were there.
   * @example
   * const commit = await store.findRecorded('g1', identity, { version: 7 });
   * if (commit) await store.restoreTurns(commit, headOf(stateAfter(commit)));
   */
  async restoreTurns(commit: Commit, head: GameHead, due?: DueAt | null, since?: string): Promise<boolean> {
    if (!commit.turn || (commit.turn.from === commit.turn.to && commit.turn.to === null)) return false;
    const { version, at, turn: change } = commit;
    return writeTurns(this.#dynamo, commit.gameId, {
      version,
      at: since ?? at,
      change,
      head,
      repair: true,
      ...(due !== undefined ? { due } : {}),
    });
  }

  /**
   * A player's games. With `myTurn: true`: the games waiting for their move (their turn entries:
   * one strongly consistent Query), the one waiting longest first, each with `since` and the head as
   * of when it began waiting on them.
   * Without it: every game they are seated in (`byPlayer`), most recently joined or changed in
   * status first, each with their seat and the head as of then. To mark which of those wait for
   * the player, merge in the `myTurn` list.
   * @example
   * const { games } = await store.listPlayerGames('p1', { myTurn: true }); // the longest-waiting first
   * const all = await store.listPlayerGames('p1', { limit: 50 });
   */
  listPlayerGames(playerId: string, options: MyTurnOptions): Promise<PlayerGamesPage<AwaitingGame>>;
  listPlayerGames(playerId: string, options?: AllGamesOptions): Promise<PlayerGamesPage<PlayerGame>>;
  listPlayerGames(
    playerId: string,
    options?: MyTurnOptions | AllGamesOptions,
  ): Promise<PlayerGamesPage<PlayerGame> | PlayerGamesPage<AwaitingGame>> {
    // listPlayerGames checks `myTurn` itself: a JavaScript caller may pass anything.
    return options?.myTurn === true
      ? listPlayerGames(this.#dynamo, playerId, options)
      : listPlayerGames(this.#dynamo, playerId, options as AllGamesOptions);
  }

  /**
   * Recomputes a game's projections from its commits (snapshots are not decoded) and writes them:
   * every member `project` returns and every seated player's turn entry, at the newest version,
   * which repairs what was lost or never written. `project` gets the whole game and returns the
   * head for its newest commit, all members, and whom the game awaits since when. Throws
   * `NotFoundError` for an empty game.
   * @example
   * await store.rebuildProjections('g1', (commits) => project(commits.flatMap((c) => c.events)));
   */
  rebuildProjections(gameId: string, project: (commits: Commit[]) => RebuildInput): Promise<ProjectionResult> {
    return rebuildProjections(this.#dynamo, gameId, project);
  }

  /**
   * Lists an open game in the lobby as `entry` as of `version`, or with null takes it out (a game
   * that filled or was cancelled): its two `byLobby` entries, version-guarded (`repair` also writes
   * over the same version). False when a newer write was there. See lobby.ts.
   * @example await store.writeLobby('g1', 1, { gameId: 'g1', version: 1, rulesKey: 'k', createdAt, seats: 4 });
   */
  writeLobby(gameId: string, version: number, entry: LobbyEntry | null, options: { repair?: boolean } = {}) {
    return writeLobby(this.#dynamo, gameId, version, entry, options.repair);
  }

  /**
   * One page of the lobby (one Query of `byLobby`, eventually consistent): every open game newest
   * first, or with `rulesKey` those with the same rules (`oldestFirst` for quick match).
   * @example const { entries } = await store.listLobby({ rulesKey, oldestFirst: true, limit: 5 });
   */
  listLobby(options?: LobbyOptions): Promise<LobbyPage> {
    return listLobby(this.#dynamo, options);
  }

  /**
   * Puts a waiting game's stale check in the due index, due at `due` (kind and time), as of `version`,
   * or (null) takes it out: one PutItem, version-guarded. The sweeper finds it when it falls due.
   * @example await store.writeStaleCheck('g1', 3, { at: inAWeek, kind: 'close-stale' });
   */
  writeStaleCheck(gameId: string, version: number, due: DueAt | null, options: { repair?: boolean } = {}) {
    return writeStaleCheck(this.#dynamo, gameId, version, due, options.repair);
  }

  /** Where a player's quick match under `key` went, or null: one GetItem (see quick-match.ts). */
  readQuickMatch(playerId: string, key: string): Promise<QuickMatchReceipt | null> {
    return readQuickMatch(this.#dynamo, playerId, key);
  }

  /**
   * Claims the game a player's quick match under `key` goes to: only when no attempt claimed one yet
   * (`previous` null) or the claim still names `previous`. False when another attempt claimed first.
   * @example if (!(await store.claimQuickMatch(playerId, key, { gameId, created: false }, null))) follow(await store.readQuickMatch(playerId, key));
   */
  claimQuickMatch(
    playerId: string,
    key: string,
    receipt: QuickMatchReceipt,
    previous: string | null,
  ): Promise<boolean> {
    return claimQuickMatch(this.#dynamo, playerId, key, receipt, previous);
  }

  /**
   * One page of the due items of shard `shard` (0 to `DUE_SHARDS` - 1) due by `by` (ISO
   * 8601), oldest first: one Query of the due index. Pass `next` back for the following page.
   * @example const { items } = await store.listDue(3, new Date(now).toISOString());
   */
  listDue(shard: number, by: string, options?: { limit?: number; next?: string | null }): Promise<DuePage> {
    return listDue(this.#dynamo, shard, by, options);
  }

  /**
   * Claims a listed due item until `until`, if it is still as listed and no claim on it is unexpired at
   * `now` (ISO 8601 both): one conditional UpdateItem. False: another sweeper has it, or it moved on.
   * @example if (await store.claimDue(item, now, until)) await handle(item);
   */
  claimDue(item: DueItem, now: string, until: string): Promise<boolean> {
    return claimDue(this.#dynamo, item, now, until);
  }

  /**
   * Takes a claimed item out of the due index (`next` null) or moves it to `next`, while it is still as
   * listed: one conditional UpdateItem. False when it had moved on (a newer write of it stands).
   */
  settleDue(item: DueItem, next: DueAt | null): Promise<boolean> {
    return settleDue(this.#dynamo, item, next);
  }

  /**
   * Makes a pending delivery of a message to an endpoint, due at `dueAt`, or finds the one made for
   * the same message already (`created` false): safe to repeat. See deliveries.ts.
   * @example await store.putDelivery({ endpointId, playerId, messageId, type, gameId, payload, createdAt }, createdAt);
   */
  putDelivery(delivery: NewDelivery, dueAt: string): Promise<{ delivery: Delivery; created: boolean }> {
    return putDelivery(this.#dynamo, delivery, dueAt);
  }

  /** One delivery of an endpoint (strongly consistent GetItem), or null. */
  readDelivery(endpointId: string, seq: number): Promise<Delivery | null> {
    return readDelivery(this.#dynamo, endpointId, seq);
  }

  /** A page of an endpoint's deliveries, newest first (one Query). */
  listDeliveries(endpointId: string, options?: { limit?: number; cursor?: string | null }) {
    return listDeliveries(this.#dynamo, endpointId, options);
  }

  /**
   * Records an attempt on a claimed delivery (`item` as the due index listed it) and what follows
   * (due again, or its final status): one conditional UpdateItem; false when it had moved on.
   */
  recordAttempt(item: DueItem, delivery: Delivery, record: AttemptRecord): Promise<boolean> {
    return recordAttempt(this.#dynamo, item, delivery, record);
  }

  /** Puts a delivery back in the due index at `at` (a redelivery); null when there is none. */
  requeueDelivery(endpointId: string, seq: number, at: string, options: { once: boolean }): Promise<Delivery | null> {
    return requeueDelivery(this.#dynamo, endpointId, seq, at, options);
  }

  /** True while a listed item is still in the due index as listed (one strongly consistent GetItem). */
  isStillDue(item: DueItem): Promise<boolean> {
    return isStillDue(this.#dynamo, item);
  }

  /**
   * Runs `fn` and reports the DynamoDB cost of the store requests made inside it.
   * @example
   * const { cost } = await store.measure(() => store.append('g1', 3, events, meta)); // cost.requests === 1
   */
  measure<T>(fn: () => Promise<T>): Promise<{ result: T; cost: CostReport }> {
    return measureCost(fn);
  }
}
