import type { Accounts } from '@chickenfoot/app';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import { ApiProblem } from '../problems';
import type { RateLimiter } from '../http/rate-limit';

/**
 * Requires `Authorization: Bearer <token>` signed with the server's secret, whose session is still
 * open on its player's account, names the player, and holds each player to its rate limit, which
 * every response then states in `RateLimit` and `RateLimit-Policy`. What the token opens is the
 * application's to say (`Accounts.authenticate`: the signature, then the session against the account
 * as this process last read it, at most 15 s before).
 */
export function requirePlayer(accounts: Accounts, limiter: RateLimiter) {
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
    const found = await accounts.authenticate(match[1]);
    if (found.kind !== 'player')
      throw new ApiProblem(
        'auth/unauthenticated',
        found.kind === 'invalid'
          ? 'This token is not valid.'
          : 'This token was revoked (or its account deleted): sign in again.',
        {},
        { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      );
    const { playerId, sessionId } = found;
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
    c.set('sessionId', sessionId);
    await next();
  });
}
