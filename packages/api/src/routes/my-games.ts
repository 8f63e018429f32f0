import { StoreError } from '@chickenfoot/store';
import { createRoute, z } from '@hono/zod-openapi';
import type { Services } from '../app-env';
import { ApiProblem } from '../http/problems';
import { bearer, json, problems } from './common';
import { router } from './router';

const GameSummarySchema = z
  .object({
    id: z.string(),
    yourTurn: z.boolean(),
    status: z.enum(['waiting', 'playing', 'finished']),
    version: z.number().int().openapi({ description: 'The version when this entry last changed for you.' }),
    since: z.string().openapi({ description: 'When this entry last changed for you: for `yourTurn` games, when your turn began (ISO 8601).' }),
    seats: z.array(z.object({ playerId: z.string(), name: z.string() }).nullable()),
  })
  .openapi('GameSummary');

const list = createRoute({
  method: 'get',
  path: '/v1/me/games',
  operationId: 'listMyGames',
  tags: ['Players'],
  summary: 'Your games',
  description:
    'With `turn=mine`: the games waiting for your move, the one waiting longest first. Without it: all your games, those waiting for you first. Lists may trail a move by a moment; the game itself is always current.',
  security: bearer,
  request: {
    query: z.object({
      turn: z.enum(['mine']).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional().openapi({ type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 50).' }),
      cursor: z.string().max(2048).optional().openapi({ description: 'From the previous page.' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of your games.',
      ...json(z.object({ games: z.array(GameSummarySchema), cursor: z.string().nullable() }).openapi('GameList')),
    },
    ...problems('auth/unauthenticated'),
  },
});

/** `GET /v1/me/games`: one Query on the players' index. */
export function myGameRoutes(services: Services) {
  const app = router();
  app.openapi(list, async (c) => {
    const { turn, limit, cursor } = c.req.valid('query');
    const page = await services.store
      .listPlayerGames(c.get('playerId'), {
        limit: limit ?? 50,
        ...(turn === 'mine' ? { myTurn: true } : {}),
        ...(cursor ? { cursor } : {}),
      })
      .catch((error: unknown) => {
        if (cursor && error instanceof StoreError && error.code === 'store/invalid-request') throw badCursor();
        throw error;
      });
    const games = page.games.map(({ gameId, myTurn, head }) => ({
      id: gameId,
      yourTurn: myTurn,
      status: head.status as 'waiting' | 'playing' | 'finished',
      version: head.version,
      since: head.updatedAt,
      seats: head.seats,
    }));
    return c.json({ games, cursor: page.cursor }, 200);
  });
  return app;
}

/** A cursor this API did not hand out (or one of another list): said as a field error, like any other. */
function badCursor(): ApiProblem {
  const message = 'not a cursor from a previous page of this list';
  return new ApiProblem('request/invalid', `query.cursor: ${message}`, { issues: [{ path: 'query.cursor', message }] });
}
