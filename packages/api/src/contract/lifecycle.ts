import { createRoute, z } from '@hono/zod-openapi';
import { IdempotencyKeySchema, IfMatchSchema } from '../schemas/common';
import { CommandReplySchema } from '../schemas/replies';
import { commandReplyHeaders } from './headers';
import { bearer, documented, json } from './responses';
import { gameIdParams as params } from './params';

export const cancelGame = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/cancel',
    operationId: 'cancelGame',
    tags: ['Games'],
    summary: 'Cancel a waiting game',
    description:
      'The creator cancels a game that has not started: it leaves every player’s list and the lobby, and stays readable to those seated in it (`status: cancelled`). A game that waits for players too long is cancelled the same way by the server (`GameCancelled` with `reason: stale`). A game in play cannot be cancelled: leave it. A retry with the same `Idempotency-Key` answers as the first time did.',
    security: bearer,
    request: {
      params,
      headers: z.object({
        'if-match': IfMatchSchema,
        'idempotency-key': IdempotencyKeySchema,
      }),
    },
    responses: {
      200: { description: 'The game is cancelled.', ...json(CommandReplySchema), headers: commandReplyHeaders },
    },
  }),
);
