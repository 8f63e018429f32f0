import { createRoute, z } from '@hono/zod-openapi';
import { GameIdSchema, IdempotencyKeySchema } from '../schemas/common';
import { RematchReplySchema } from '../schemas/rematch';
import { commandReplyHeaders } from './headers';
import { bearer, documented, json } from './responses';

export const rematch = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/rematch',
    operationId: 'rematch',
    tags: ['Games'],
    summary: 'Propose or accept a rematch',
    description: [
      'Once a game is over, any of its players proposes a rematch: a new game with the same rules and seats, each seat kept for the player who had it (a bot plays a seat a bot had, or whose player left), linked back by `rematchOf`. The proposer is its creator. The others accept the same way (or by joining the new game without a code); it starts when every kept seat is taken. From the moment it is proposed every player it keeps a seat for sees it: the old game’s view links it (`rematch`), their game lists show it (`invited: true` until they join), and they may read it.',
      'A game has one rematch: a proposal made while another is being made, or after it, accepts that one. A retry with the same `Idempotency-Key` answers as the first time did.',
    ].join('\n\n'),
    security: bearer,
    request: { params: z.object({ id: GameIdSchema }), headers: z.object({ 'idempotency-key': IdempotencyKeySchema }) },
    responses: {
      201: {
        description: 'Proposed: the rematch was created.',
        ...json(RematchReplySchema),
        headers: commandReplyHeaders,
      },
      200: {
        description: 'Accepted: you are seated in the rematch.',
        ...json(RematchReplySchema),
        headers: commandReplyHeaders,
      },
    },
  }),
);
