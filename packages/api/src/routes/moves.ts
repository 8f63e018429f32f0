import type { AppDeps } from '../app-deps';
import { makeMove } from '../contract/moves';
import { commandReply } from '@chickenfoot/app';
import { parseIfMatch } from './if-match';
import { openapi, router } from './router';

/** `POST /v1/games/{id}/moves`: the move, then the bot moves it sets off, in one reply. */
export function moveRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, makeMove, async (c) => {
    const { id } = c.req.valid('param');
    const move = c.req.valid('json');
    const headers = c.req.valid('header');
    const actor = { kind: 'player', playerId: c.get('playerId') } as const;
    const chain = await deps.games.run(
      id,
      actor,
      { type: 'move', move },
      {
        expectedVersion: parseIfMatch(headers['if-match']),
        key: headers['idempotency-key'],
      },
    );
    const reply = commandReply(chain, await deps.signer());
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });
  return app;
}
