import { createRoute, z } from '@hono/zod-openapi';
import { CursorSchema, NextCursorSchema, oneOf } from '../schemas/common';
import { GameSummarySchema } from '../schemas/game-list';
import { wholeNumberQuery } from './params';
import { bearer, documented, json } from './responses';

export const listMyGames = documented(
  createRoute({
    method: 'get',
    path: '/v1/me/games',
    operationId: 'listMyGames',
    tags: ['Players'],
    summary: 'Your games',
    description:
      'With `turn=mine`: the games waiting for your move, the nearest deadline first (games with a turn clock, the one that times out soonest first; then those without one, the one waiting longest first), current as of the last move. Without it: all your games, the most recently joined or changed status first, with `yourTurn` marked; that list comes from an index and may trail a change of status by a moment. The game itself is always current.\n\nWith `turn=mine&wait=<seconds>` and no game waiting for you yet, the request waits (up to 20 s) and returns as soon as one does: one request to learn that any of your games needs you, instead of one per game.',
    security: bearer,
    request: {
      query: z.object({
        turn: oneOf(['mine']).optional().openapi({ description: 'Only the games waiting for your move.' }),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(100)
          .optional()
          .openapi({ type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 50).' }),
        cursor: CursorSchema,
        wait: wholeNumberQuery(
          'With `turn=mine`, long-poll: wait up to this many seconds (0-20) for a game to wait for your move. A fifth wait at once: `429`, `Retry-After`.',
          0,
          20,
        ),
      }),
    },
    responses: {
      200: {
        description: 'A page of your games.',
        ...json(
          z
            .object({
              games: z.array(GameSummarySchema),
              cursor: z.string().nullable().openapi({ deprecated: true }),
              nextCursor: NextCursorSchema,
            })
            .openapi('GameList'),
        ),
      },
    },
  }),
);
