/**
 * The Chickenfoot HTTP API (Hono + @hono/zod-openapi), the shell over `@chickenfoot/app`: the
 * contract, request validation, auth, rate limits, routes, and problem+json. Entry points in
 * functions/ build it with `createApp` and serve it.
 */
export { createApp, type AppOptions } from './app';
export { loadContract } from './contract/load';
export { CORS_POLICY } from './http/cors';
export { PROBLEMS, problemType, type ProblemCode } from './problems';
export type { AppDeps, Limits } from './app-deps';
