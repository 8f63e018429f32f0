import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import type { Logger } from './logging';

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
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
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
