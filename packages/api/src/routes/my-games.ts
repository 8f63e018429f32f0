import type { AppDeps } from '../app-deps';
import { listMyGames } from '../contract/my-games';
import { openapi, router } from './router';
import { waitBudgetMs } from '../http/wait-budget';

/** `GET /v1/me/games`: with `turn=mine`, one Query on the awaiting index; without, the members index too. */
export function myGameRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, listMyGames, async (c) => {
    const { turn, limit = 50, cursor, wait = 0 } = c.req.valid('query');
    const page = await deps.myGames.list(c.get('playerId'), {
      ...(turn ? { turn } : {}),
      limit,
      ...(cursor ? { cursor } : {}),
      waitMs: waitBudgetMs(c.env, wait, deps.limits.maxWaitSeconds),
      signal: c.req.raw.signal,
      session: c.get('sessionId'),
    });
    return c.json({ ...page, nextCursor: page.cursor }, 200);
  });
  return app;
}
