import type { Accounts } from '@chickenfoot/app';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import { ApiProblem } from '../problems';
import { IDEMPOTENCY_KEY } from '../schemas/common';
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
    if (found.kind === 'invalid') throw invalidToken('This token is not valid.');
    // A deletion's retry comes with the token that deletion closed: it alone is let through, to be
    // answered as the deletion was.
    if (found.kind === 'closed' && !(await retriesDeletion(accounts, found.playerId, c))) throw closedToken();
    const { playerId } = found;
    const sessionId = found.kind === 'player' ? found.sessionId : '';
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

/**
 * True when a closed token's request is `DELETE /v1/me` with the key and If-Match of the account's
 * recorded deletion: its retry. Anything else it sends is refused as any closed token's request is.
 */
async function retriesDeletion(accounts: Accounts, playerId: string, c: Context<AppEnv>): Promise<boolean> {
  const key = c.req.header('idempotency-key');
  const ifMatch = c.req.header('if-match');
  if (c.req.method !== 'DELETE' || c.req.path !== '/v1/me' || !key || !ifMatch || !IDEMPOTENCY_KEY.test(key))
    return false;
  const expectedVersion = /^[ \t]*"(\d{1,15})"[ \t]*$/.exec(ifMatch)?.[1];
  return (
    expectedVersion !== undefined &&
    accounts.deletionRecorded(playerId, { key, expectedVersion: Number(expectedVersion) })
  );
}

const invalidToken = (detail: string) =>
  new ApiProblem('auth/unauthenticated', detail, {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });

/** The answer to a token whose session was revoked, or whose account was deleted. */
const closedToken = () => invalidToken('This token was revoked (or its account deleted): sign in again.');
