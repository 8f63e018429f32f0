/**
 * The event store on DynamoDB, one table, by concern (see `openStore`):
 * - streams (`EventStreams<E>`, streams.ts): each stream (a game, a player, a webhook endpoint, a watch
 *   link, a game's messages) a partition of opaque events with versions; an append is one conditional
 *   PutItem (which also carries a game's head), reads catch up, a retried command is recognised
 *   (idempotency.ts). Typed by the caller's event type `E`; the store knows no game rules.
 * - the indexes beside them, each written by its owner and version-guarded: the players' turn lists
 *   (`TurnLists`, turns.ts) and games (`PlayerGames`, player-games.ts, projections.ts), the lobby
 *   (`Lobby`), quick match (`QuickMatches`), the due index (`DueIndex`, due.ts) with the stale checks in
 *   it (`StaleChecks`), the webhook deliveries (`Deliveries`, delivery.ts, deliveries.ts) and the Web
 *   Pushes waiting for a retry (`PendingPushes`, pushes.ts).
 * - cost accounting (cost.ts) and typed errors (errors.ts: callers check `instanceof`, never the SDK's).
 * The table's shape is `@chickenfoot/store/table`; an in-process DynamoDB is `@chickenfoot/store/embedded`.
 */
export { openStore, type Store } from './store';
export { EventStreams } from './streams';
export type { Rewrite } from './rewrite';
export { TurnLists } from './turns';
export { PlayerGames } from './player-games';
export { Lobby } from './lobby';
export { QuickMatches } from './quick-match';
export { BotWork, StaleChecks } from './stale-check';
export { DueIndex } from './due';
export { Deliveries } from './deliveries';
export type { AppendResult } from './append';
export type { CommandIdentity } from './idempotency';
export type { AppendMeta, Commit } from './commit';
export type { TurnChange } from './turn-change';
export { turnPlayerOf, type DueAt, type DueItem, type DuePage } from './due';
export {
  ATTEMPTS_KEPT,
  DELIVERY_DUE,
  type AttemptRecord,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type NewDelivery,
} from './delivery';
export { deliveryKeyOf } from './deliveries';
export { PendingPushes, PUSH_DUE, pushKeyOf, type NewPush, type PendingPush } from './pushes';
export type { RecordedAt } from './idempotency';
export type { CommitPage, ReadAfterOptions, ReadRecentOptions } from './read';
export type { GameHead, SeatInfo } from './head';
export type { GameMember, ProjectionInput, ProjectionResult, RebuildInput } from './projections';
export type {
  AllGamesOptions,
  AwaitingGame,
  MyTurnOptions,
  PlayerGame,
  PlayerGamesOptions,
  PlayerGamesPage,
} from './player-games';
export type { LobbyEntry, LobbyOptions, LobbyPage } from './lobby';
export type { QuickMatchReceipt } from './quick-match';
export { CostMeter, measureCost, type Cost, type CostReport } from './cost';
export {
  ConcurrencyError,
  IdempotencyConflictError,
  NotFoundError,
  ProjectionLagError,
  StoreError,
  StoreUnavailableError,
  type StoreErrorCode,
} from './errors';
export { createDynamoClient, type DynamoClientOptions } from './client';
export { createTableInput, ensureTable } from './create-table';
export { DUE_SHARDS } from './table';
export type { StoreClient, StoreOptions } from './dynamo';
