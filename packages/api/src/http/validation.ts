import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodObject, type ZodType } from 'zod';
import { problem } from './problems';

interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * Turns a failed request validation into a problem: a missing Idempotency-Key or If-Match gets its
 * own code (and If-Match its own status, 428); everything else is `request/invalid` with the issues
 * listed field by field.
 */
export function validationProblem(target: string, issues: readonly Issue[], c: Context): Response {
  if (target === 'header') {
    const missing = (name: string) => issues.some((i) => i.path[0] === name) && !c.req.header(name);
    if (missing('if-match'))
      return problem(
        c,
        'request/if-match-required',
        `Send the version you decided on as If-Match: "<version>" (the ETag of ${c.req.path.startsWith('/v1/me') ? 'your account, from GET /v1/me' : 'the game'}).`,
      );
    if (missing('idempotency-key')) {
      return problem(
        c,
        'request/idempotency-key-required',
        'Send an Idempotency-Key header (a fresh random UUID per change) so a retry cannot apply twice.',
      );
    }
  }
  const listed = issues.map((issue) => ({
    path: wellFormed([target === 'json' ? 'body' : target, ...issue.path.map(String)].join('.')),
    message: wellFormed(issue.message),
  }));
  const detail = [...listed.map((i) => `${i.path}: ${i.message}`).join('; ')];
  return problem(c, 'request/invalid', detail.length > 500 ? `${detail.slice(0, 497).join('')}...` : detail.join(''), {
    issues: listed.slice(0, 20),
  });
}

/**
 * Text a client sent (a key, a value) may hold unpaired surrogates, which JSON can only carry as
 * escapes that strict parsers refuse: echo them as U+FFFD. (The detail is cut by code points, so
 * cutting it never splits a pair either.)
 */
function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD');
}

/** The headers a route declares, as sent (the others are not its concern; its schema would strip them). */
function declaredHeaders(c: Context, names: readonly string[]): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const name of names) {
    const value = c.req.header(name);
    if (value !== undefined) sent[name] = value;
  }
  return sent;
}

/** The parts of a request a route may declare, each with a zod object schema. */
export interface RequestSchemas {
  readonly query?: ZodType;
  readonly params?: ZodType;
  readonly headers?: ZodType;
  /** The JSON body's schema; a route that declares a body requires one. */
  readonly json?: ZodType;
}

// Exactly what @hono/zod-openapi accepts as JSON for a route that declares application/json.
const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/**
 * Validates a request against its route's schemas in one middleware, with synchronous zod parses,
 * and hands the results to `c.req.valid(...)`. It answers as @hono/zod-openapi's validators did, in
 * their order (query, params, headers, body): a failure is `validationProblem`, another content
 * type 415, unparsable JSON 400 (both as Hono errors, which the error handler words). Those were
 * four async middlewares, one per part: ~0.1 ms of a move in the running server.
 */
export function validateRequest(schemas: RequestSchemas): MiddlewareHandler {
  const { query, params, headers, json } = schemas;
  const headerNames = headers instanceof ZodObject ? Object.keys(headers.shape) : [];
  const check = (
    target: 'query' | 'param' | 'header' | 'json',
    schema: ZodType,
    value: unknown,
    c: Context,
  ): Response | null => {
    const result = schema.safeParse(value);
    if (!result.success) return validationProblem(target, result.error.issues, c);
    c.req.addValidatedData(target, result.data as object);
    return null;
  };
  return async (c, next) => {
    const failed =
      (query &&
        check(
          'query',
          query,
          Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v])),
          c,
        )) ||
      (params && check('param', params, c.req.param(), c)) ||
      (headers && check('header', headers, declaredHeaders(c, headerNames), c));
    if (failed) return failed;
    if (json) {
      const type = c.req.header('content-type');
      // No content type passes only with no body (then validated as {}), as with @hono/zod-openapi.
      if (type === undefined ? (await c.req.arrayBuffer()).byteLength > 0 : !JSON_CONTENT_TYPE.test(type)) {
        throw new HTTPException(415, { message: 'Unsupported Media Type' });
      }
      let body: unknown = {};
      if (type !== undefined) {
        try {
          body = await c.req.json();
        } catch {
          throw new HTTPException(400, { message: 'Malformed JSON in request body' });
        }
      }
      const refused = check('json', json, body, c);
      if (refused) return refused;
    }
    await next();
    return undefined;
  };
}
