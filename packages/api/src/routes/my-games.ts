import { StoreError, type AwaitingGame, type GameHead, type PlayerGamesPage } from '@chickenfoot/store';
import { createRoute, z } from '@hono/zod-openapi';
import type { Services } from '../app-env';
import { ApiProblem } from '../http/problems';
import { bearer, json, problems } from './common';
import { openapi, router } from './router';

const GameSummarySchema = z
  .object({
    id: z.string(),
    yourTurn: z.boolean(),
    status: z.enum(['waiting', 'playing', 'finished']),
    version: z
      .number()
      .int()
      .openapi({ description: 'The game version this entry was written at (for games waiting on you: the newest).' }),
    since: z
      .string()
      .openapi({
        description:
          'For games waiting on you: when the game last changed (ISO 8601); otherwise when you joined or its status last changed.',
      }),
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
    'With `turn=mine`: the games waiting for your move, the one waiting longest first (one index query). Without it: all your games, the most recently joined or changed status first, with `yourTurn` marked. Lists may trail a move by a moment (they come from indexes); the game itself is always current.',
  security: bearer,
  request: {
    query: z.object({
      turn: z.enum(['mine']).optional(),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(100)
        .optional()
        .openapi({ type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 50).' }),
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

/** `GET /v1/me/games`: with `turn=mine`, one Query on the awaiting index; without, the members index too. */
export function myGameRoutes(services: Services) {
  const app = router();
  openapi(app, list, async (c) => {
    const { turn, limit = 50, cursor } = c.req.valid('query');
    const playerId = c.get('playerId');
    const paging = { limit, ...(cursor ? { cursor } : {}) };
    const badCursorAsProblem = (error: unknown): never => {
      if (cursor && error instanceof StoreError && error.code === 'store/invalid-request') throw badCursor();
      throw error;
    };
    if (turn === 'mine') {
      const page = await services.store
        .listPlayerGames(playerId, { myTurn: true, ...paging })
        .catch(badCursorAsProblem);
      const games = page.games.map(({ gameId, head, since }) => summary(gameId, head, true, since));
      return c.json({ games, cursor: page.cursor }, 200);
    }
    const [page, waiting] = await Promise.all([
      services.store.listPlayerGames(playerId, paging).catch(badCursorAsProblem),
      allAwaiting(services, playerId),
    ]);
    const games = page.games.map(({ gameId, head }) => {
      const current = waiting.get(gameId);
      // The awaiting entry is written with every move; a member entry only when its status changes.
      return current
        ? summary(gameId, current.head, true, current.since)
        : summary(gameId, head, false, head.updatedAt);
    });
    return c.json({ games, cursor: page.cursor }, 200);
  });
  return app;
}

function summary(id: string, head: GameHead, yourTurn: boolean, since: string) {
  return {
    id,
    yourTurn,
    status: head.status as 'waiting' | 'playing' | 'finished',
    version: head.version,
    since,
    seats: head.seats,
  };
}

/** Every game waiting on the player (a few pages at most: nobody keeps hundreds of games waiting). */
async function allAwaiting(
  services: Services,
  playerId: string,
): Promise<Map<string, { head: GameHead; since: string }>> {
  const waiting = new Map<string, { head: GameHead; since: string }>();
  let cursor: string | null = null;
  for (let pages = 0; pages < 10; pages++) {
    const page: PlayerGamesPage<AwaitingGame> = await services.store.listPlayerGames(playerId, {
      myTurn: true,
      limit: 100,
      ...(cursor ? { cursor } : {}),
    });
    for (const game of page.games) waiting.set(game.gameId, game);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return waiting;
}

/** A cursor this API did not hand out (or one of another list): said as a field error, like any other. */
function badCursor(): ApiProblem {
  const message = 'not a cursor from a previous page of this list';
  return new ApiProblem('request/invalid', `query.cursor: ${message}`, { issues: [{ path: 'query.cursor', message }] });
}
