import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiProblem } from '../http/problems';
import type { RateLimiter } from '../http/rate-limit';
import { VerifiedTokens } from './verified-tokens';

/**
 * Requires `Authorization: Bearer <token>` signed with the server's secret, names the player, and
 * holds each player to its rate limit. No database read: the token carries its own proof.
 */
export function requirePlayer(secret: () => Promise<string>, limiter: RateLimiter) {
  const tokens = new VerifiedTokens();
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
    const playerId = tokens.playerOf(await secret(), match[1]);
    if (!playerId)
      throw new ApiProblem(
        'auth/unauthenticated',
        'This token is not valid.',
        {},
        { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      );
    const key = `player:${playerId}`;
    if (!limiter.take(key)) {
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
