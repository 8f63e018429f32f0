import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problem } from './problems';

/**
 * Refuses bodies over `maxBytes` with 413. A request that states its Content-Length is judged by
 * the header alone (the HTTP server reads no more than that); only a body of unknown length
 * (chunked) is counted as it streams, with Hono's bodyLimit. Counting every body cost a quarter of
 * a millisecond per request.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const tooLarge = (c: Parameters<MiddlewareHandler>[0]) =>
    problem(c, 'request/too-large', `Bodies are limited to ${maxBytes} bytes.`);
  const counted = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined) return counted(c, next);
    if (!/^\d{1,15}$/.test(length.trim()) || Number(length) > maxBytes) return tooLarge(c);
    await next();
    return undefined;
  };
}
