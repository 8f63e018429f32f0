import type { AppDeps } from '../app-deps';
import { listLobby, quickMatch } from '../contract/lobby';
import { openapi, router } from './router';
import { commandHeaders } from './replayed';

/** `GET /v1/lobby` (one Query of the lobby index) and `POST /v1/lobby/quick-match`. */
export function lobbyRoutes(deps: AppDeps) {
  const app = router();

  openapi(app, listLobby, async (c) => {
    const { limit = 50, cursor } = c.req.valid('query');
    const page = await deps.lobby.list({ limit, ...(cursor ? { cursor } : {}) });
    return c.json({ ...page, nextCursor: page.cursor }, 200, { 'Cache-Control': 'private, no-cache' });
  });

  openapi(app, quickMatch, async (c) => {
    const { seats, rules = {} } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const reply = await deps.lobby.quickMatch(c.get('playerId'), key, { seats, rules });
    return c.json(reply, 200, commandHeaders(reply));
  });
  return app;
}
