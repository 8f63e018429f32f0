import type { AppDeps } from '../app-deps';
import { giveTime, returnToGame } from '../contract/clock';
import { addBot, leaveGame } from '../contract/seats';
import { commandReply } from '@chickenfoot/app';
import type { GameCommand } from '@chickenfoot/app';
import { parseIfMatch } from './if-match';
import { openapi, router } from './router';

/**
 * `POST /v1/games/{id}/bots` (the creator seats a bot), `/leave`, and the turn clock's `/return` (an
 * away seat taken back) and `/time` (more time for the seat in turn).
 */
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

  openapi(app, returnToGame, async (c) => {
    const reply = await run(c.req.valid('param').id, c.get('playerId'), { type: 'return' }, c.req.valid('header'));
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });

  openapi(app, giveTime, async (c) => {
    const { hours } = c.req.valid('json');
    const command = { type: 'give-time', hours } as const;
    const reply = await run(c.req.valid('param').id, c.get('playerId'), command, c.req.valid('header'));
    return c.json(reply, 200, { ETag: `"${reply.version}"` });
  });
  return app;
}
