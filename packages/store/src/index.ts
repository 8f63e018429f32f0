/**
 * The event store on DynamoDB: each game a stream of opaque events with versions (one conditional PutItem per
 * command, which also carries the game's head), catch-up reads, idempotent retries, the projections
 * the API reads ("my turn" lists), cost accounting and typed errors. Knows no game rules.
 * The table's shape is `@chickenfoot/store/table`; an in-process DynamoDB is `@chickenfoot/store/embedded`.
 */
export { EventStore, type EventStoreOptions } from './event-store';
export type { AppendResult } from './append';
export type { CommandIdentity } from './idempotency';
export type { AppendMeta, Commit } from './commit';
export type { TurnChange } from './turn-change';
export { turnPlayerOf, type DueAt, type DueItem, type DuePage } from './due';
export {
  ATTEMPTS_KEPT,
  DELIVERY_DUE,
  deliveryKeyOf,
  type AttemptRecord,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type NewDelivery,
} from './deliveries';
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
export type { StoreClient } from './dynamo';
