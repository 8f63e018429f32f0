import type { AppDeps } from '../app-deps';
import { cancelGame } from '../contract/lifecycle';
import { commandReply } from '@chickenfoot/app';
import { parseIfMatch } from './if-match';
import { openapi, router } from './router';

/** `POST /v1/games/{id}/cancel`: the creator cancels a game still waiting for players. */
export function lifecycleRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, cancelGame, async (c) => {
    const headers = c.req.valid('header');
    const chain = await deps.games.run(
      c.req.valid('param').id,
      { kind: 'player', playerId: c.get('playerId') },
      { type: 'cancel', reason: 'creator' },
      { expectedVersion: parseIfMatch(headers['if-match']), key: headers['idempotency-key'] },
    );
    const reply = commandReply(chain, await deps.signer());
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });
  return app;
}
