import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import type { WatchLinksService } from '@chickenfoot/app';
import type { RateLimiter } from '../http/rate-limit';
import { ApiProblem } from '../problems';

/**
 * Requires `Authorization: Bearer <watch token>` (from `POST /v1/games/{id}/watch-links`) on the
 * /v1/watch routes: signed here, and its link still open (one Query of the game's links per request,
 * so a revoked link is refused at once, everywhere). Each link has the per-player rate limit, and
 * its requests count toward its maker's own.
 */
export function requireWatcher(limiters: { links: RateLimiter; players: RateLimiter }, links: WatchLinksService) {
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
    // The signature first, then the link's own rate limit, then the read: a flood costs no database
    // work. Then the link's maker's limit too: links do not multiply a player's requests.
    const watch = await links.grantOf(match[1]);
    take(c, limiters.links, `watch:${watch.linkId}`);
    const open = await links.requireOpen(watch);
    if (open.creator) take(c, limiters.players, `player:${open.creator}`);
    c.set('watch', open);
    await next();
  });
}

/** Takes one request from `key`'s budget, with its headers on the answer, or refuses with 429. */
function take(c: Context, limiter: RateLimiter, key: string): void {
  const allowed = limiter.take(key);
  for (const [name, value] of Object.entries(limiter.headers(key))) c.header(name, value);
  if (allowed) return;
  const retry = String(limiter.retryAfter(key));
  throw new ApiProblem(
    'request/too-many-requests',
    `Slow down: try again in ${retry} s.`,
    {},
    { 'Retry-After': retry },
  );
}
