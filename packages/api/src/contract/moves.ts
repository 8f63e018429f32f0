import { createRoute, z } from '@hono/zod-openapi';
import { GameIdSchema, IdempotencyKeySchema, IfMatchSchema } from '../schemas/common';
import { MoveSchema } from '../schemas/moves';
import { CommandReplySchema } from '../schemas/replies';
import { commandReplyHeaders } from './headers';
import { bearer, documented, json } from './responses';

export const makeMove = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/moves',
    operationId: 'makeMove',
    tags: ['Moves'],
    summary: 'Make a move',
    description: [
      'Plays, passes, announces Chickenlittle or calls someone out, in your own seat. Take a move from `legalMoves` in your view of the game.',
      'Send the version you decided on as `If-Match: "<version>"`: if the game has moved on you get `412` with `currentVersion` and nothing happens: `game/turn-timed-out` when, since that version, your turn timed out and a bot moved for you (in a game with a turn clock), `request/version-mismatch` otherwise.',
      'Send a fresh `Idempotency-Key` per move: a retry with the same key (after a timeout, say) returns the first reply byte for byte instead of moving twice.',
      'The reply lists every event the move caused, including the draws and passes the server made at once for seats that had no choice, and then every move of the bots that followed it, up to the next player’s turn or the end (each bot move is a commit of its own; `version` and the ETag are the last one’s). A retry lists the bot moves that followed as they stand by then.',
    ].join('\n\n'),
    security: bearer,
    request: {
      params: z.object({ id: GameIdSchema }),
      headers: z.object({
        'if-match': IfMatchSchema,
        'idempotency-key': IdempotencyKeySchema,
      }),
      body: { ...json(MoveSchema), required: true },
    },
    responses: {
      200: {
        description: 'The move was made.',
        ...json(CommandReplySchema),
        headers: {
          ...commandReplyHeaders,
        },
      },
    },
  }),
);
