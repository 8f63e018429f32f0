import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import type { WatchLinksService } from '@chickenfoot/app';
import type { RateLimiter } from '../http/rate-limit';
import { ApiProblem } from '../problems';

/**
 * Requires `Authorization: Bearer <watch token>` (from `POST /v1/games/{id}/watch-links`) on the
 * /v1/watch routes: signed here, and its link still open (one Query of the game's links per request,
 * so a revoked link is refused at once, everywhere). Each link has the per-player rate limit.
 */
export function requireWatcher(limiter: RateLimiter, links: WatchLinksService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1])
      throw new ApiProblem(
        'auth/unauthenticated',
        'Send the watch token: `Authorization: Bearer <token>`.',
        {},
        {
          'WWW-Authenticate': 'Bearer',
        },
      );
    // The signature first, then the rate limit, then the one read: a flood costs no database work.
    const watch = await links.grantOf(match[1]);
    const key = `watch:${watch.linkId}`;
    const allowed = limiter.take(key);
    for (const [name, value] of Object.entries(limiter.headers(key))) c.header(name, value);
    if (!allowed) {
      const retry = String(limiter.retryAfter(key));
      throw new ApiProblem(
        'request/too-many-requests',
        `Slow down: try again in ${retry} s.`,
        {},
        { 'Retry-After': retry },
      );
    }
    await links.requireOpen(watch);
    c.set('watch', watch);
    await next();
  });
}
