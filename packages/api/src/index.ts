/**
 * The Chickenfoot HTTP API (Hono + @hono/zod-openapi): routes, schemas, auth, problem+json,
 * per-viewer views. Entry points in functions/ build it with `createApp` and serve it.
 */
export { createApp, type AppOptions } from './app';
export { projectionOf } from './games/projection';
export { SNAPSHOT_EVERY } from './games/repository';
export { fromSnapshot, toSnapshot } from './games/snapshot';
export { DOCUMENT_CONFIG, openApiDocument } from './contract/document';
export { GameService, type Executed, type ExecuteOptions, type GameCommand } from './games/service';
export type { Actor } from './games/actors';
export { decisionRandom, type BotOptions } from './games/bot-players';
export type { CommandChain } from './games/chain';
export type { Settled } from './games/settle-bots';
export { systemClock, type Clock } from './clock';
export { Sweeper, type SweeperOptions, type SweepReport } from './sweeper/sweeper';
export type { DueHandler, DueHandlers, DueResult } from './sweeper/due-handler';
export { appSweeper, type AppSweeperOptions, type SweeperWebhookOptions } from './sweeper/clock-sweeper';
export { TEST_EVENT, WEBHOOK_EVENT_TYPES, type DeliveryType, type WebhookEventType } from './webhooks/event-types';
export { RETRY_DELAYS_MS } from './webhooks/schedule';
export type { WebhookSender } from './webhooks/sender';
export { createGameService, type GameServiceParts } from './games/create-service';
export { timeoutHandler } from './sweeper/timeout-handler';
export { sweepEvery, type SweepTimer, type SweepTimerOptions } from './sweeper/timer';
export { SWEEP_METRICS, sweepMetrics } from './sweeper/metrics';
export { closeStale, setupHandlers } from './sweeper/close-stale';
export { CLOSE_STALE, STALE_AFTER_MS } from './games/stale-check';
export {
  createLogger,
  isLogLevel,
  jsonLogger,
  silentLogger,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  type LogRecord,
} from './http/logging';
export { PROBLEMS, problemType, type ProblemCode } from './problems';
export { MIN_SECRET_LENGTH, type SecretSource } from './auth/secret';
export type { AppDeps, Limits } from './app-deps';
