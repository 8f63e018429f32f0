import type { AppDeps } from '../app-deps';
import { addBot, leaveGame } from '../contract/seats';
import { commandReply } from '../games/reply';
import type { GameCommand } from '../games/service';
import { parseIfMatch } from './if-match';
import { openapi, router } from './router';

/** `POST /v1/games/{id}/bots` (the creator seats a bot) and `POST /v1/games/{id}/leave`. */
export function seatRoutes(deps: AppDeps) {
  const app = router();
  const run = async (id: string, playerId: string, command: GameCommand, headers: Record<string, string>) => {
    const chain = await deps.games.run(id, { kind: 'player', playerId }, command, {
      expectedVersion: parseIfMatch(headers['if-match'] ?? ''),
      key: headers['idempotency-key'] as string,
    });
    return commandReply(chain, await deps.signer());
  };

  openapi(app, addBot, async (c) => {
    const { level, seat } = c.req.valid('json');
    const bot = { ...(level ? { level } : {}), ...(seat !== undefined ? { seat } : {}) };
    const reply = await run(
      c.req.valid('param').id,
      c.get('playerId'),
      { type: 'add-bot', bot },
      c.req.valid('header'),
    );
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });

  openapi(app, leaveGame, async (c) => {
    const reply = await run(c.req.valid('param').id, c.get('playerId'), { type: 'leave' }, c.req.valid('header'));
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });
  return app;
}
