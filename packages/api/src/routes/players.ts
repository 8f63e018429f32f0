import { IdempotencyConflictError } from '@chickenfoot/store';
import type { AppDeps } from '../app-deps';
import { newPlayerId } from '../auth/tokens';
import { getMe, registerPlayer } from '../contract/players';
import { commandHash } from '../http/idempotency';
import { ApiProblem } from '../problems';
import { openapi, router } from './router';

/** Registration and `GET /v1/me`. */
export function playerRoutes(deps: AppDeps) {
  const app = router();
  openapi(app, registerPlayer, async (c) => {
    const { name } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const signer = await deps.signer();
    const id = key ? signer.playerIdFor(key) : newPlayerId();
    const player = await deps.players.register(id, name, key, commandHash('register', name)).catch((error: unknown) => {
      if (error instanceof IdempotencyConflictError) {
        throw new ApiProblem(
          'request/idempotency-key-reused',
          'This Idempotency-Key already registered a player with another name.',
        );
      }
      throw error;
    });
    return c.json({ player, token: signer.tokenFor(player.id) }, 201, { Location: '/v1/me' });
  });

  openapi(app, getMe, async (c) => {
    const player = await deps.players.get(c.get('playerId'));
    if (!player) throw new ApiProblem('player/not-found', 'The player this token was issued to no longer exists.');
    return c.json({ player }, 200);
  });
  return app;
}
