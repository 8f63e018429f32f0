import type { AppDeps } from '../app-deps';
import { listEvents } from '../contract/events';
import { openapi, router } from './router';
import { afterOf, nextCursorOf } from './page-cursor';
import { waitBudgetMs } from '../http/wait-budget';

/** `GET /v1/games/{id}/events`: catch-up and long-poll. */
export function eventRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, listEvents, async (c) => {
    const query = c.req.valid('query');
    const { maxPage, maxWaitSeconds } = deps.limits;
    const page = await deps.games.events(c.get('playerId'), c.req.valid('param').id, {
      after: afterOf('events', query.cursor, query.after) ?? 0,
      limit: Math.max(1, Math.min(query.limit ?? maxPage, maxPage)),
      waitMs: waitBudgetMs(c.env, query.wait ?? 0, maxWaitSeconds),
      signal: c.req.raw.signal,
      session: c.get('sessionId'),
    });
    return c.json({ ...page, nextCursor: nextCursorOf('events', page.next) }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });
  return app;
}
