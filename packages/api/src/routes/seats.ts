import type { SeatCommand } from '@chickenfoot/app';
import type { AppDeps } from '../app-deps';
import { giveTime, returnToGame } from '../contract/clock';
import { addBot, leaveGame } from '../contract/seats';
import { playerRequest, type ChangeHeaders } from './if-match';
import { openapi, router } from './router';
import { commandHeaders } from './replayed';

/**
 * `POST /v1/games/{id}/bots` (the creator seats a bot), `/leave`, and the turn clock's `/return` (an
 * away seat taken back) and `/time` (more time for the seat in turn).
 */
export function seatRoutes(deps: AppDeps) {
  const app = router();
  const act = async (id: string, playerId: string, command: SeatCommand, headers: ChangeHeaders) => {
    const reply = await deps.games.act(playerId, id, command, playerRequest(headers));
    return { reply, etag: commandHeaders(reply) };
  };

  openapi(app, addBot, async (c) => {
    const { level, seat } = c.req.valid('json');
    const bot = { ...(level ? { level } : {}), ...(seat !== undefined ? { seat } : {}) };
    const { id } = c.req.valid('param');
    const { reply, etag } = await act(id, c.get('playerId'), { type: 'add-bot', bot }, c.req.valid('header'));
    return c.json(reply, 200, etag);
  });

  openapi(app, leaveGame, async (c) => {
    const { reply, etag } = await act(
      c.req.valid('param').id,
      c.get('playerId'),
      { type: 'leave' },
      c.req.valid('header'),
    );
    return c.json(reply, 200, etag);
  });

  openapi(app, returnToGame, async (c) => {
    const { reply, etag } = await act(
      c.req.valid('param').id,
      c.get('playerId'),
      { type: 'return' },
      c.req.valid('header'),
    );
    return c.json(reply, 200, etag);
  });

  openapi(app, giveTime, async (c) => {
    const command = { type: 'give-time', hours: c.req.valid('json').hours } as const;
    const { reply, etag } = await act(c.req.valid('param').id, c.get('playerId'), command, c.req.valid('header'));
    return c.json(reply, 200, etag);
  });
  return app;
}
