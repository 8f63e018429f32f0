import { IdempotencyConflictError } from '@chickenfoot/store';
import type { AppDeps } from '../app-deps';
import { newPlayerId, newSessionId } from '@chickenfoot/app';
import { getMe, registerPlayer } from '../contract/players';
import { commandHash } from '@chickenfoot/app';
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
    const at = new Date(deps.clock());
    // The first session opens with the account; a retry finds the recorded one, so the same token.
    const record = { id, name, legacy: false, sessions: [{ id: newSessionId(), createdAt: at.toISOString() }] };
    const stored = await deps.players
      .register(record, key, commandHash('register', name), at)
      .catch((error: unknown) => {
        if (error instanceof IdempotencyConflictError) {
          throw new ApiProblem(
            'request/idempotency-key-reused',
            'This Idempotency-Key already registered a player with another name.',
          );
        }
        throw error;
      });
    deps.accounts.remember(stored);
    const session = stored.record.sessions?.[0]?.id ?? '';
    const player = { id: stored.record.id, name: stored.record.name };
    return c.json({ player, token: signer.tokenFor(player.id, session) }, 201, { Location: '/v1/me' });
  });

  openapi(app, getMe, async (c) => {
    const stored = await deps.players.load(c.get('playerId'));
    if (!stored) throw new ApiProblem('player/not-found', 'The player this token was issued to no longer exists.');
    deps.accounts.remember(stored);
    const { id, name } = stored.record;
    return c.json({ player: { id, name } }, 200, { ETag: `"${stored.version}"` });
  });
  return app;
}
