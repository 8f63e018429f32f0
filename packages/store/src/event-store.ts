import type { AppendResult } from './append';
import type { AppendMeta, Commit } from './commit';
import type { CostReport } from './cost';
import type { AttemptRecord, Delivery, NewDelivery } from './delivery';
import type { DueAt, DueItem, DuePage } from './due';
import type { StoreOptions } from './dynamo';
import type { GameHead } from './head';
import type { CommandIdentity, RecordedAt } from './idempotency';
import type { LobbyEntry, LobbyOptions, LobbyPage } from './lobby';
import type { AllGamesOptions, AwaitingGame, MyTurnOptions, PlayerGame, PlayerGamesPage } from './player-games';
import type { ProjectionInput, ProjectionResult, RebuildInput } from './projections';
import type { PendingPushes } from './pushes';
import type { QuickMatchReceipt } from './quick-match';
import type { CommitPage, ReadAfterOptions, ReadRecentOptions } from './read';
import { openStore, type Store } from './store';

/** Where a store keeps its streams. */
export type EventStoreOptions = StoreOptions;

/**
 * The whole store as one object, as packages/api has used it: every method is the part's of the same
 * name (see `openStore`, whose parts document each), nothing more.
 * @deprecated Use the parts: `openStore(options)` (or `new EventStreams(options)`, `new DueIndex(options)`,
 * ...). This facade stays only until its callers have moved to them, then goes.
 * @example
 * const store = new EventStore({ client: createDynamoClient({ endpoint }), tableName: 'chickenfoot' });
 * const { commit } = await store.append('g1', 0, [{ type: 'GameCreated' }], { idempotencyKey: 'k1' });
 */
export class EventStore {
  readonly #parts: Store;

  constructor(options: EventStoreOptions) {
    this.#parts = openStore(options);
  }

  get tableName(): string {
    return this.#parts.tableName;
  }

  /** The Web Pushes waiting for a retry: the part itself (see pushes.ts). */
  get pushes(): PendingPushes {
    return this.#parts.pushes;
  }

  /** The parts this facade is made of, for a caller moving to them. */
  get parts(): Store {
    return this.#parts;
  }

  /** `streams.append`. */
  append(
    gameId: string,
    expectedVersion: number,
    events: readonly unknown[],
    meta?: AppendMeta,
  ): Promise<AppendResult> {
    return this.#parts.streams.append(gameId, expectedVersion, events, meta);
  }

  /** `streams.readLatest`. */
  readLatest(gameId: string, options?: { snapshot?: boolean; consistent?: boolean }): Promise<Commit | null> {
    return this.#parts.streams.readLatest(gameId, options);
  }

  /** `streams.readRecent`. */
  readRecent(gameId: string, options: ReadRecentOptions): Promise<Commit[]> {
    return this.#parts.streams.readRecent(gameId, options);
  }

  /** `streams.readCommit`. */
  readCommit(gameId: string, version: number, options?: { snapshot?: boolean }): Promise<Commit | null> {
    return this.#parts.streams.readCommit(gameId, version, options);
  }

  /** `streams.readAfter`. */
  readAfter(gameId: string, after: number, options?: ReadAfterOptions): Promise<CommitPage> {
    return this.#parts.streams.readAfter(gameId, after, options);
  }

  /** `streams.readAll`. */
  readAll(gameId: string, options?: Omit<ReadAfterOptions, 'limit'>): Promise<Commit[]> {
    return this.#parts.streams.readAll(gameId, options);
  }

  /** `streams.findRecorded`. */
  findRecorded(gameId: string, command: CommandIdentity, where: RecordedAt): Promise<Commit | null> {
    return this.#parts.streams.findRecorded(gameId, command, where);
  }

  /** `playerGames.update`. */
  updateProjections(gameId: string, input: ProjectionInput): Promise<ProjectionResult> {
    return this.#parts.playerGames.update(gameId, input);
  }

  /** `turns.restore`. */
  restoreTurns(commit: Commit, head: GameHead, due?: DueAt | null, since?: string): Promise<boolean> {
    return this.#parts.turns.restore(commit, head, due, since);
  }

  /** `playerGames.list`. */
  listPlayerGames(playerId: string, options: MyTurnOptions): Promise<PlayerGamesPage<AwaitingGame>>;
  listPlayerGames(playerId: string, options?: AllGamesOptions): Promise<PlayerGamesPage<PlayerGame>>;
  listPlayerGames(
    playerId: string,
    options?: MyTurnOptions | AllGamesOptions,
  ): Promise<PlayerGamesPage<PlayerGame> | PlayerGamesPage<AwaitingGame>> {
    return this.#parts.playerGames.list(playerId, options as AllGamesOptions);
  }

  /** `playerGames.rebuild`. */
  rebuildProjections(gameId: string, project: (commits: Commit[]) => RebuildInput): Promise<ProjectionResult> {
    return this.#parts.playerGames.rebuild(gameId, project);
  }

  /** `lobby.write`. */
  writeLobby(gameId: string, version: number, entry: LobbyEntry | null, options?: { repair?: boolean }) {
    return this.#parts.lobby.write(gameId, version, entry, options);
  }

  /** `lobby.list`. */
  listLobby(options?: LobbyOptions): Promise<LobbyPage> {
    return this.#parts.lobby.list(options);
  }

  /** `staleChecks.write`. */
  writeStaleCheck(gameId: string, version: number, due: DueAt | null, options?: { repair?: boolean }) {
    return this.#parts.staleChecks.write(gameId, version, due, options);
  }

  /** `quickMatches.read`. */
  readQuickMatch(playerId: string, key: string): Promise<QuickMatchReceipt | null> {
    return this.#parts.quickMatches.read(playerId, key);
  }

  /** `quickMatches.claim`. */
  claimQuickMatch(playerId: string, key: string, receipt: QuickMatchReceipt, previous: string | null) {
    return this.#parts.quickMatches.claim(playerId, key, receipt, previous);
  }

  /** `due.list`. */
  listDue(shard: number, by: string, options?: { limit?: number; next?: string | null }): Promise<DuePage> {
    return this.#parts.due.list(shard, by, options);
  }

  /** `due.claim`. */
  claimDue(item: DueItem, now: string, until: string): Promise<boolean> {
    return this.#parts.due.claim(item, now, until);
  }

  /** `due.settle`. */
  settleDue(item: DueItem, next: DueAt | null): Promise<boolean> {
    return this.#parts.due.settle(item, next);
  }

  /** `due.isStillDue`. */
  isStillDue(item: DueItem): Promise<boolean> {
    return this.#parts.due.isStillDue(item);
  }

  /** `deliveries.put`. */
  putDelivery(delivery: NewDelivery, dueAt: string, first?: AttemptRecord) {
    return this.#parts.deliveries.put(delivery, dueAt, first);
  }

  /** `deliveries.read`. */
  readDelivery(endpointId: string, seq: number): Promise<Delivery | null> {
    return this.#parts.deliveries.read(endpointId, seq);
  }

  /** `deliveries.list`. */
  listDeliveries(endpointId: string, options?: { limit?: number; cursor?: string | null }) {
    return this.#parts.deliveries.list(endpointId, options);
  }

  /** `deliveries.recordAttempt`. */
  recordAttempt(item: DueItem, delivery: Delivery, record: AttemptRecord): Promise<boolean> {
    return this.#parts.deliveries.recordAttempt(item, delivery, record);
  }

  /** `deliveries.requeue`. */
  requeueDelivery(endpointId: string, seq: number, at: string, options: { once: boolean }): Promise<Delivery | null> {
    return this.#parts.deliveries.requeue(endpointId, seq, at, options);
  }

  /** `measure`. */
  measure<T>(fn: () => Promise<T>): Promise<{ result: T; cost: CostReport }> {
    return this.#parts.measure(fn);
  }
}
