import type { AppDeps } from '../app-deps';
import { makeMove } from '../contract/moves';
import { playerRequest } from './if-match';
import { openapi, router } from './router';
import { commandHeaders } from './replayed';

/** `POST /v1/games/{id}/moves`: the move, then the bot moves it sets off, in one reply. */
export function moveRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, makeMove, async (c) => {
    const command = { type: 'move', move: c.req.valid('json') } as const;
    const request = playerRequest(c.req.valid('header'));
    const reply = await deps.games.act(c.get('playerId'), c.req.valid('param').id, command, request);
    return c.json(reply, 200, commandHeaders(reply));
  });
  return app;
}
