import type { AppDeps } from '../app-deps';
import { cancelGame } from '../contract/lifecycle';
import { playerRequest } from './if-match';
import { openapi, router } from './router';
import { commandHeaders } from './replayed';

/** `POST /v1/games/{id}/cancel`: the creator cancels a game still waiting for players. */
export function lifecycleRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, cancelGame, async (c) => {
    const request = playerRequest(c.req.valid('header'));
    const reply = await deps.games.act(c.get('playerId'), c.req.valid('param').id, { type: 'cancel' }, request);
    return c.json(reply, 200, commandHeaders(reply));
  });
  return app;
}
