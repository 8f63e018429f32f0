import { redactEvent, type GameEvent } from '@chickenfoot/rules';
import { createRoute, z } from '@hono/zod-openapi';
import type { Services } from '../app-env';
import { notFound } from '../games/run-command';
import { seatOf } from '../games/view';
import { GameIdSchema } from '../schemas/common';
import { EventPageSchema } from '../schemas/events';
import { bearer, json, problems } from './common';
import { openapi, router } from './router';

const wholeNumber = (description: string, min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .optional()
    .openapi({ type: 'integer', minimum: min, maximum: max, description });

const events = createRoute({
  method: 'get',
  path: '/v1/games/{id}/events',
  operationId: 'listEvents',
  tags: ['Games'],
  summary: 'Catch up on what happened',
  description: [
    'The commits after version `after`, oldest first, each event redacted for you: the deal shows only your tiles, a draw shows the tile only to the drawer.',
    'Page with `next`; when it is null you are caught up, and `version` is where to resume. A whole game usually fits one page.',
    'With `wait=<seconds>` and nothing new yet, the request waits (up to 20 s) and returns as soon as something happens.',
  ].join('\n\n'),
  security: bearer,
  request: {
    params: z.object({ id: GameIdSchema }),
    query: z.object({
      after: wholeNumber(
        'Return what happened after this version (default 0: everything).',
        0,
        Number.MAX_SAFE_INTEGER,
      ),
      limit: wholeNumber('At most this many commits (1-1000, default 1000).', 1, 1000),
      wait: wholeNumber('Long-poll: wait up to this many seconds (0-20) for something new.', 0, 20),
    }),
  },
  responses: {
    200: { description: 'A page of commits.', ...json(EventPageSchema) },
    ...problems('auth/unauthenticated', 'game/not-found'),
  },
});

/** `GET /v1/games/{id}/events`: catch-up and long-poll. */
export function eventRoutes(services: Services) {
  const app = router();
  openapi(app, events, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const after = query.after ?? 0;
    const limit = Math.max(1, Math.min(query.limit ?? services.limits.maxPage, services.limits.maxPage));
    const game = await services.games.load(id);
    const seat = game ? seatOf(game.state, c.get('playerId')) : -1;
    if (!game || seat < 0) throw notFound(id);

    const waitMs = Math.min(query.wait ?? 0, services.limits.maxWaitSeconds) * 1000;
    const latest =
      game.version > after
        ? game.version
        : await services.watcher.wait(id, c.get('playerId'), after, waitMs, c.req.raw.signal);
    const page = latest > after ? await services.store.readAfter(id, after, { limit }) : { commits: [], next: null };
    const commits = page.commits.map((commit) => ({
      version: commit.version,
      at: commit.at,
      events: (commit.events as GameEvent[]).map((event) => redactEvent(event, seat)),
    }));
    return c.json({ commits, next: page.next, version: commits.at(-1)?.version ?? after }, 200, {
      'Cache-Control': 'private, no-cache',
    });
  });
  return app;
}
