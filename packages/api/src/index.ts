/**
 * The Chickenfoot HTTP API (Hono + @hono/zod-openapi): routes, schemas, auth, problem+json,
 * per-viewer views. Entry points in functions/ build it with `createApp` and serve it.
 */
export { createApp, type AppOptions } from './app';
export { projectionOf } from './games/projection';
export { SNAPSHOT_EVERY } from './games/repository';
export { DOCUMENT_CONFIG } from './openapi/document';
export { openApiDocument } from './openapi/build';
export { jsonLogger, silentLogger, type Logger, type LogRecord } from './http/logging';
export { PROBLEMS, problemType, type ProblemCode } from './http/problems';
export { MIN_SECRET_LENGTH, type SecretSource } from './auth/secret';
export type { Limits } from './app-env';
