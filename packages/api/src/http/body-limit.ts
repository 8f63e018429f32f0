import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problem } from './problems';

/**
 * Refuses bodies over `maxBytes` with 413. A request that states its Content-Length is judged by
 * the header alone (the HTTP server reads no more than that); only a body of unknown length
 * (chunked; or any without a length off Node, where the body comes whole) is counted as it
 * streams, with Hono's bodyLimit, which reads every body through a fetch Request of its own.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const tooLarge = (c: Parameters<MiddlewareHandler>[0]) =>
    problem(c, 'request/too-large', `Bodies are limited to ${maxBytes} bytes.`);
  const counted = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined) {
      // On Node, a request with neither Content-Length nor Transfer-Encoding has no body (HTTP/1.1's
      // framing: its parser reads none), so there is nothing to count; and asking the adapter whether
      // there is a body would build a whole fetch Request (a GET's largest cost in the adapter).
      const incoming = (c.env as { incoming?: { headers: Record<string, unknown> } } | undefined)?.incoming;
      if (incoming && incoming.headers['transfer-encoding'] === undefined) {
        await next();
        return undefined;
      }
      return counted(c, next);
    }
    if (!/^\d{1,15}$/.test(length.trim()) || Number(length) > maxBytes) return tooLarge(c);
    await next();
    return undefined;
  };
}
