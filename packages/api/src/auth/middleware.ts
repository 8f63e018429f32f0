import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import { ApiProblem } from '../problems';
import type { RateLimiter } from '../http/rate-limit';
import type { Signer } from './signer';

/**
 * Requires `Authorization: Bearer <token>` signed with the server's secret, names the player, and
 * holds each player to its rate limit, which every response then states in `RateLimit` and
 * `RateLimit-Policy`. No database read: the token carries its own proof.
 */
export function requirePlayer(signer: () => Promise<Signer>, limiter: RateLimiter) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1])
      throw new ApiProblem(
        'auth/unauthenticated',
        'Send your token as "Authorization: Bearer <token>" (POST /v1/players gives you one).',
        {},
        { 'WWW-Authenticate': 'Bearer' },
      );
    const playerId = (await signer()).playerOf(match[1]);
    if (!playerId)
      throw new ApiProblem(
        'auth/unauthenticated',
        'This token is not valid.',
        {},
        { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      );
    const key = `player:${playerId}`;
    const allowed = limiter.take(key);
    // On every response from here on, errors included: the client's budget, as the draft says it.
    const budget = limiter.headers(key);
    for (const [name, value] of Object.entries(budget)) c.header(name, value);
    if (!allowed) {
      const retry = String(limiter.retryAfter(key));
      throw new ApiProblem(
        'request/too-many-requests',
        `Slow down: try again in ${retry} s.`,
        {},
        { 'Retry-After': retry },
      );
    }
    c.set('playerId', playerId);
    await next();
  });
}
