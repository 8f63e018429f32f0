import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-deps';
import type { WatchLinks } from '@chickenfoot/app';
import type { RateLimiter } from '../http/rate-limit';
import { ApiProblem } from '../problems';
import type { Signer } from '@chickenfoot/app';

const refused = (detail: string) =>
  new ApiProblem('auth/unauthenticated', detail, {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });

/**
 * Requires `Authorization: Bearer <watch token>` (from `POST /v1/games/{id}/watch-links`) on the
 * /v1/watch routes: signed here, and its link still open (one Query of the game's links per request,
 * so a revoked link is refused at once, everywhere). Each link has the per-player rate limit.
 */
export function requireWatcher(signer: () => Promise<Signer>, limiter: RateLimiter, links: WatchLinks) {
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
    const watch = (await signer()).watchLinkOf(match[1]);
    if (!watch) throw refused('This is not a watch token.');
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
    if (!(await links.isOpen(watch.gameId, watch.linkId))) throw refused('This watch link was revoked.');
    c.set('watch', watch);
    await next();
  });
}
