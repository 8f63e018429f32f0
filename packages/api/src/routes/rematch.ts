import type { AppDeps } from '../app-deps';
import { rematch } from '../contract/rematch';
import { openapi, router } from './router';
import { commandHeaders } from './replayed';

/** `POST /v1/games/{id}/rematch`: the first player of a finished game proposes it, the others accept. */
export function rematchRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, rematch, async (c) => {
    const key = c.req.valid('header')['idempotency-key'];
    const reply = await deps.finishedGames.rematch(c.get('playerId'), c.req.valid('param').id, key);
    return c.json(reply, reply.created ? 201 : 200, commandHeaders(reply));
  });
  return app;
}
