import type { AppDeps } from '../app-deps';
import { createWatchLink, listWatchLinks, revokeWatchLink, watchEvents, watchGame } from '../contract/watch';
import { openapi, router } from './router';
import { replayHeader } from './replayed';
import { afterOf, nextCursorOf } from './page-cursor';
import { waitBudgetMs } from '../http/wait-budget';

const PRIVATE = { 'Cache-Control': 'private, no-cache' };

/**
 * Watch links (created, listed and revoked by the game's seated players) and what a watcher reads:
 * the game and its events as a spectator (see `WatchLinksService`).
 */
export function watchRoutes(deps: AppDeps) {
  const app = router();
  const links = deps.watchLinks;

  openapi(app, createWatchLink, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const made = await links.create(c.get('playerId'), c.req.valid('param').id, key);
    return c.json(made, 201, replayHeader(made));
  });

  openapi(app, listWatchLinks, async (c) => {
    return c.json(await links.list(c.get('playerId'), c.req.valid('param').id), 200, PRIVATE);
  });

  openapi(app, revokeWatchLink, async (c) => {
    const { id, linkId } = c.req.valid('param');
    await links.revoke(c.get('playerId'), id, linkId);
    return c.body(null, 204);
  });

  openapi(app, watchGame, async (c) => c.json(await links.game(c.get('watch')), 200, PRIVATE));

  openapi(app, watchEvents, async (c) => {
    const query = c.req.valid('query');
    const page = await links.events(c.get('watch'), {
      after: afterOf('events', query.cursor, query.after) ?? 0,
      limit: Math.max(1, Math.min(query.limit ?? deps.limits.maxPage, deps.limits.maxPage)),
      waitMs: waitBudgetMs(c.env, query.wait ?? 0, deps.limits.maxWaitSeconds),
      signal: c.req.raw.signal,
    });
    return c.json({ ...page, nextCursor: nextCursorOf('events', page.next) }, 200, PRIVATE);
  });
  return app;
}
