import { createRoute, z } from '@hono/zod-openapi';
import { GameExportSchema, ReplayStepSchema } from '../schemas/export';
import { cacheControl, contentDisposition } from './headers';
import { bearer, documented, json } from './responses';
import { gameIdParams as params } from './params';

export const exportGame = documented(
  createRoute({
    method: 'get',
    path: '/v1/games/{id}/export',
    operationId: 'exportGame',
    tags: ['Games'],
    summary: 'Export a finished game',
    description:
      'One JSON document: the rules, the seats, every commit with every hidden tile shown (once a game is over its tiles and boneyard are public), and the final scores; the rules replay it to those scores. For the game’s players (those who left too). Before the end it is refused (`game/not-finished`).',
    security: bearer,
    request: { params },
    responses: {
      200: {
        description: 'The game.',
        ...json(GameExportSchema),
        headers: { ...cacheControl, ...contentDisposition },
      },
    },
  }),
);

export const replayGame = documented(
  createRoute({
    method: 'get',
    path: '/v1/games/{id}/replay',
    operationId: 'replayGame',
    tags: ['Games'],
    summary: 'Step through a finished game',
    description:
      'The game as it stood after commit `at` (0 to `last`), every tile shown: step through it move by move with `at=1`, `2`, … For the game’s players; refused before the end (`game/not-finished`).',
    security: bearer,
    request: {
      params,
      query: z.object({
        at: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().openapi({
          type: 'integer',
          minimum: 0,
          description: 'The step (a version; default 0). Past `last` is refused.',
        }),
      }),
    },
    responses: { 200: { description: 'One step.', ...json(ReplayStepSchema), headers: cacheControl } },
  }),
);
