import { createRoute, z } from '@hono/zod-openapi';
import { CursorSchema, GameIdSchema } from '../schemas/common';
import { EventPageSchema } from '../schemas/events';
import { cacheControl } from './headers';
import { bearer, documented, json } from './responses';
import { wholeNumberQuery as wholeNumber } from './params';

export const listEvents = documented(
  createRoute({
    method: 'get',
    path: '/v1/games/{id}/events',
    operationId: 'listEvents',
    tags: ['Games'],
    summary: 'Catch up on what happened',
    description: [
      'The commits after version `after`, oldest first, each event redacted for you: the deal shows only your tiles, a draw shows the tile only to the drawer.',
      'Page with `nextCursor`; when it is null you are caught up, and `version` is where to resume (`after`). A whole game usually fits one page.',
      'With `wait=<seconds>` and nothing new yet, the request waits (up to 20 s) and returns as soon as something happens: in a finished game, its rematch proposed (an empty page; the view links it).',
    ].join('\n\n'),
    security: bearer,
    request: {
      params: z.object({ id: GameIdSchema }),
      query: z.object({
        after: wholeNumber(
          'Return what happened after this version (default 0: everything). A version past the game’s newest is refused (`request/version-ahead`, with `currentVersion`).',
          0,
          Number.MAX_SAFE_INTEGER,
        ),
        cursor: CursorSchema,
        limit: wholeNumber('At most this many commits (1-1000, default 1000).', 1, 1000),
        wait: wholeNumber(
          'Long-poll: wait up to this many seconds (0-20) for something new. A fifth wait at once: `429`, `Retry-After`.',
          0,
          20,
        ),
      }),
    },
    responses: {
      200: { description: 'A page of commits.', ...json(EventPageSchema), headers: cacheControl },
    },
  }),
);
