import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import { ApiProblem } from '../problems';
import type { RateLimiter } from '../http/rate-limit';
import { LEGACY_SESSION } from '@chickenfoot/app';
import type { AccountCache } from '@chickenfoot/app';
import type { Signer } from '@chickenfoot/app';

/**
 * Requires `Authorization: Bearer <token>` signed with the server's secret, whose session is still
 * open on its player's account, names the player, and holds each player to its rate limit, which
 * every response then states in `RateLimit` and `RateLimit-Policy`. The signature is checked with the
 * secret alone; the session against the account as this process last read it (`AccountCache`: one
 * read per player per 15 s at most), so a revoked token is refused within that bound.
 */
export function requirePlayer(signer: () => Promise<Signer>, limiter: RateLimiter, accounts: AccountCache) {
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
    const credential = (await signer()).credentialOf(match[1]);
    if (!credential)
      throw new ApiProblem(
        'auth/unauthenticated',
        'This token is not valid.',
        {},
        { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      );
    const { playerId, sessionId } = credential;
    if (!(await accounts.isOpen(playerId, sessionId)))
      throw new ApiProblem(
        'auth/unauthenticated',
        'This token was revoked (or its account deleted): sign in again.',
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
    c.set('sessionId', sessionId ?? LEGACY_SESSION);
    await next();
  });
}
