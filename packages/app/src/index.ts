/**
 * The Chickenfoot application, knowing no HTTP: the game service every actor's command goes through
 * (player, bot, clock), the bots' chain, the sweeper and its due-work handlers, notifications,
 * accounts, watch links and messages. Failures are typed domain errors (`errors.ts`); time and
 * shuffles are injected. The HTTP shell (`@chickenfoot/api`) and the entry points build on it.
 */
export { createApplication, type Application, type ApplicationOptions } from './application';
export * from './errors';
export { systemClock, type Clock } from './clock';
export { TestClock } from './test-clock';
export { LruMap } from './lru-map';
export { commandHash } from './command-hash';
export { markReplayed, REPLAYED, wasReplayed, type Replayable } from './replayed';
export {
  createLogger,
  isLogLevel,
  jsonLogger,
  silentLogger,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  type LogRecord,
} from './logging';
export { lazySecret, MIN_SECRET_LENGTH, type SecretSource } from './identity/secret';
export { Signer } from './identity/signer';
export { newPlayerId, newSessionId, tokenFor } from './identity/tokens';
export { AccountCache } from './accounts/account-cache';
export {
  deletedRecord,
  isOpen,
  LEGACY_SESSION,
  MAX_SESSIONS,
  sessionsOf,
  withMuted,
  withoutSession,
  withSession,
  type PlayerRecord,
} from './accounts/record';
export { PlayerRepository, type StoredPlayer } from './accounts/repository';
export { Accounts, type AccountRequest, type AccountView, type Authentication } from './accounts/accounts';
export {
  decideAccount,
  evolveAccount,
  initialAccount,
  type AccountCommand,
  type AccountEvent,
  type AccountState,
} from './accounts/account-decider';
export { withdrawFromAll } from './accounts/withdraw';
export type { GameMessage } from './messages/log';
export { MESSAGE_RATE, MessagesService, type MessagePage } from './messages/messages-service';
export { TokenBuckets, type RateLimit } from './token-buckets';
export { MAX_WATCH_LINKS, type WatchLink } from './watch/watch-link-decider';
export { WatchLinksService, type OpenWatch, type WatchGrant, type WatchedEvents } from './watch/watch-links-service';
export { spectatorView, type SpectatorView } from './watch/spectator-view';
export { GameWatcher } from './waits/game-watcher';
export { TurnWaiter } from './waits/turn-waiter';
export { GameService, type Executed, type ExecuteOptions, type GameCommand } from './games/service';
export type { Actor } from './games/actors';
export { seatOfActor } from './games/actors';
export { decisionRandom, type BotOptions } from './games/bot-players';
export type { CommandChain } from './games/chain';
export type { Settled } from './games/settle-bots';
export { createGameService, type GameServiceParts } from './games/create-service';
export { commandReply, type CommandReply } from './games/reply';
export {
  Games,
  type EventsPage,
  type EventsQuery,
  type NewGame,
  type PlayerRequest,
  type SeatCommand,
} from './games/games';
export { FinishedGames, type ReplayStep } from './games/finished-games';
export type { Invitation } from './games/invitation';
export { MyGames, type MyGame, type MyGamesQuery } from './games/my-games';
export { Lobby, type LobbyGame } from './lobby/lobby';
export { gameView, playerViewer, type ApiGameView } from './games/view';
export { exportGame, replay, type GameExport } from './games/export';
export { quickMatch } from './lobby/quick-match';
export { projectionOf } from './games/projection';
export { SNAPSHOT_EVERY } from './games/repository';
export { fromSnapshot, toSnapshot } from './games/snapshots/snapshot';
export { CLOSE_STALE, STALE_AFTER_MS } from './games/stale-check';
export { Sweeper, type SweeperOptions, type SweepReport } from './sweeper/sweeper';
export type { DueHandler, DueHandlers, DueResult } from './sweeper/due-handler';
export { appSweeper, type AppSweeperOptions, type SweeperWebhookOptions } from './sweeper/clock-sweeper';
export { timeoutHandler } from './sweeper/timeout-handler';
export { botsHandler } from './sweeper/bots-handler';
export { sweepEvery, type SweepTimer, type SweepTimerOptions } from './sweeper/timer';
export { SWEEP_METRICS, sweepMetrics } from './sweeper/metrics';
export { closeStale, setupHandlers } from './sweeper/close-stale';
export { TEST_EVENT, WEBHOOK_EVENT_TYPES, type DeliveryType, type WebhookEventType } from './webhooks/event-types';
export { RETRY_DELAYS_MS } from './webhooks/schedule';
export type { WebhookSender } from './webhooks/sender';
export {
  WebhookEndpointsService,
  type DeliveryView,
  type EndpointView,
  type NewEndpoint,
} from './webhooks/endpoints-service';
export { DEFAULT_PUSH_EVENTS, PUSH_EVENT_TYPES, PUSH_TEST, type PushEventType } from './push/event-types';
export { MAX_SUBSCRIPTIONS, type StoredSubscription } from './push/subscription-decider';
export { PushSubscriptionsService, type NewSubscription, type SubscriptionChanges } from './push/subscriptions-service';
export type { SubscriptionView } from './push/views';
export type { PushPayload } from './push/payload';
export type { PushSender } from './push/attempt';
export { PUSH_RETRY_DELAYS_MS, pushPolicy } from './push/policy';
export {
  DEFAULT_VAPID_SUBJECT,
  vapidKeyPair,
  vapidKeysOf,
  type PushConfig,
  type VapidKeyPair,
  type VapidKeys,
} from './push/vapid';
export type { SweeperPushOptions } from './sweeper/push-work';
