/**
 * The Chickenfoot HTTP API (Hono + @hono/zod-openapi): routes, schemas, auth, problem+json,
 * per-viewer views. Entry points in functions/ build it with `createApp` and serve it.
 */
export { createApp, type AppOptions } from './app';
export { projectionOf } from './games/projection';
export { SNAPSHOT_EVERY } from './games/repository';
export { DOCUMENT_CONFIG, openApiDocument } from './contract/document';
export { GameService, type Executed, type ExecuteOptions, type GameCommand } from './games/service';
export type { Actor } from './games/actors';
export { decisionRandom, type BotOptions } from './games/bot-players';
export type { CommandChain } from './games/chain';
export type { Settled } from './games/settle-bots';
export { systemClock, type Clock } from './clock';
export { jsonLogger, silentLogger, type Logger, type LogRecord } from './http/logging';
export { PROBLEMS, problemType, type ProblemCode } from './problems';
export { MIN_SECRET_LENGTH, type SecretSource } from './auth/secret';
export type { AppDeps, Limits } from './app-deps';
