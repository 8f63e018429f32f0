import { IdempotencyConflictError } from '@chickenfoot/store';
import { createRoute, z } from '@hono/zod-openapi';
import type { Services } from '../app-env';
import { derivedPlayerId, newPlayerId, tokenFor } from '../auth/tokens';
import { commandHash } from '../http/idempotency';
import { ApiProblem } from '../http/problems';
import { IdempotencyKeySchema } from '../schemas/common';
import { NewPlayerSchema, PlayerSchema, RegisteredPlayerSchema } from '../schemas/players';
import { bearer, json, problems } from './common';
import { openapi, router } from './router';

const register = createRoute({
  method: 'post',
  path: '/v1/players',
  operationId: 'registerPlayer',
  tags: ['Players'],
  summary: 'Register a player',
  description:
    'Creates a player and returns its bearer token, shown only in this reply. With an `Idempotency-Key` (keep it secret, like the token: a retry with it returns the same token) a retried registration returns the first reply.',
  security: [],
  request: {
    headers: z.object({ 'idempotency-key': IdempotencyKeySchema.optional() }),
    body: { ...json(NewPlayerSchema), required: true },
  },
  responses: {
    201: { description: 'The player and its token.', ...json(RegisteredPlayerSchema) },
    ...problems(
      'request/malformed-json',
      'request/unsupported-media-type',
      'request/too-large',
      'request/idempotency-key-reused',
    ),
  },
});

const me = createRoute({
  method: 'get',
  path: '/v1/me',
  operationId: 'getMe',
  tags: ['Players'],
  summary: 'Who am I',
  description: 'The player the bearer token belongs to.',
  security: bearer,
  responses: {
    200: { description: 'The player.', ...json(z.object({ player: PlayerSchema }).openapi('Me')) },
    ...problems('auth/unauthenticated', 'player/not-found'),
  },
});

/** Registration and `GET /v1/me`. */
export function playerRoutes(services: Services) {
  const app = router();
  openapi(app, register, async (c) => {
    const { name } = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const secret = await services.secret();
    const id = key ? derivedPlayerId(secret, key) : newPlayerId();
    const player = await services.players
      .register(id, name, key, commandHash('register', name))
      .catch((error: unknown) => {
        if (error instanceof IdempotencyConflictError) {
          throw new ApiProblem(
            'request/idempotency-key-reused',
            'This Idempotency-Key already registered a player with another name.',
          );
        }
        throw error;
      });
    return c.json({ player, token: tokenFor(secret, player.id) }, 201, { Location: '/v1/me' });
  });

  openapi(app, me, async (c) => {
    const player = await services.players.get(c.get('playerId'));
    if (!player) throw new ApiProblem('player/not-found', 'The player this token was issued to no longer exists.');
    return c.json({ player }, 200);
  });
  return app;
}
