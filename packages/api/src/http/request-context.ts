import { addressBucket } from './address-bucket';
import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import type { Logger } from '@chickenfoot/app';
import { ApiProblem } from '../problems';
import type { RateLimiter } from './rate-limit';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Gives every request an id (API Gateway's, a caller's `X-Request-Id` if it is sane, or a new one),
 * returns it in `X-Request-Id`, and logs one JSON line per request: method, route, status, time.
 * Nothing from headers or bodies is logged, so tokens never reach a log.
 */
export function requestContext(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const env = c.env as { requestContext?: { requestId?: string } } | undefined;
    const given = c.req.header('x-request-id');
    const requestId = env?.requestContext?.requestId ?? (given && SAFE_ID.test(given) ? given : randomUUID());
    c.set('requestId', requestId);
    // Set before the response exists, so every response (errors included) is built with it: set
    // afterwards, Hono would copy the finished response into a new one (~0.1 ms a request on Node).
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const status = c.res.status;
    logger({
      level: status >= 500 ? 'error' : 'info',
      msg: 'request',
      requestId,
      method: c.req.method,
      route: c.req.routePath,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}

/** The client's address: API Gateway's view of it on Lambda, the socket's on Node. */
function clientAddress(env: unknown): string {
  const e = env as
    | { requestContext?: { http?: { sourceIp?: string } }; incoming?: { socket?: { remoteAddress?: string } } }
    | undefined;
  return e?.requestContext?.http?.sourceIp ?? e?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * Holds each client address to a rate limit (the routes without a token: registration, an
 * invitation's preview), stated on its responses in `RateLimit` and `RateLimit-Policy`; `what` names
 * the requests in the refusal ("registrations").
 */
export function limitByAddress(limiter: RateLimiter, what = 'registrations') {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = `address:${addressBucket(clientAddress(c.env))}`;
    const allowed = limiter.take(key);
    for (const [name, value] of Object.entries(limiter.headers(key))) c.header(name, value);
    if (!allowed) {
      const retry = String(limiter.retryAfter(key));
      throw new ApiProblem(
        'request/too-many-requests',
        `Too many ${what} from your address: try again in ${retry} s.`,
        {},
        { 'Retry-After': retry },
      );
    }
    await next();
  });
}
