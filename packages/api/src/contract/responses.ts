import type { RouteConfig, z } from '@hono/zod-openapi';
import type { ProblemCode } from '../problems';
import { successHeaders } from './headers';
import { problemResponses } from './problem-responses';
import {
  AUTHENTICATED,
  EVERY_OPERATION,
  IDEMPOTENT,
  IF_MATCH_REQUIRED,
  JSON_BODY,
  OPERATION_PROBLEMS,
  type OperationId,
} from './problem-codes';

/** JSON content of a schema, for request bodies and responses. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** Bearer-token security, as every route but registration and the docs requires. */
export const bearer = [{ bearerAuth: [] }];

/** Whether a route declares a header, and whether it requires it. */
function declares(route: RouteConfig, name: string): 'required' | 'optional' | null {
  const headers = route.request?.headers as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> };
  const schema = headers?.shape?.[name];
  if (!schema) return null;
  return schema.safeParse(undefined).success ? 'optional' : 'required';
}

/**
 * Every problem code an operation can answer with: what every request can get, what its shape
 * implies (a token, a JSON body, an Idempotency-Key or If-Match header), and its own list in
 * `OPERATION_PROBLEMS`. Derived, never typed per route.
 */
export function problemCodesOf(route: RouteConfig): ProblemCode[] {
  const own = OPERATION_PROBLEMS[route.operationId as OperationId];
  if (!own) throw new TypeError(`${route.operationId}: no entry in OPERATION_PROBLEMS`);
  return [
    ...new Set([
      ...EVERY_OPERATION,
      ...((route.security ?? []).length > 0 ? AUTHENTICATED : []),
      ...(route.request?.body ? JSON_BODY : []),
      ...(declares(route, 'idempotency-key') ? IDEMPOTENT : []),
      ...(declares(route, 'if-match') === 'required' ? IF_MATCH_REQUIRED : []),
      ...own,
    ]),
  ];
}

/**
 * A route as the contract documents it: its success responses with the headers every one carries
 * (request id, rate limit), and its problem responses, one per status it can answer with, each
 * typing `code` as exactly the codes of that status (see problem-responses.ts).
 * @example export const getMe = documented(createRoute({ operationId: 'getMe', … }));
 */
export function documented<R extends RouteConfig>(route: R): R {
  // Nothing reads a route's responses but the document's generator, and building them for ~40 routes
  // costs every cold start (npm start's and a Lambda's): they are built when the document is, on the
  // first read of `responses`.
  return { ...route, responses: builtOnFirstUse(() => responsesOf(route)) };
}

function responsesOf(route: RouteConfig): RouteConfig['responses'] {
  const successes = Object.fromEntries(
    Object.entries(route.responses).map(([status, response]) => [
      status,
      { ...response, headers: { ...successHeaders(), ...((response as { headers?: object }).headers ?? {}) } },
    ]),
  );
  return { ...successes, ...problemResponses(problemCodesOf(route)) };
}

/**
 * An object that is `make()`'s, made on the first look at it (a property read, its keys, `in`): the
 * spreads and copies a route goes through before that (hono's registration of it) pass it on untouched.
 */
function builtOnFirstUse<T extends object>(make: () => T): T {
  let made: T | undefined;
  const real = () => (made ??= make());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
