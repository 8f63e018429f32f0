import { createRoute, z } from '@hono/zod-openapi';
import { CursorSchema, IdempotencyKeySchema } from '../schemas/common';
import { EventPageSchema } from '../schemas/events';
import { NewWatchLinkSchema, WatchLinkListSchema, WatchViewSchema } from '../schemas/watch';
import { cacheControl, replayed } from './headers';
import { bearer, documented, json } from './responses';
import { gameIdParams as params, wholeNumberQuery as wholeNumber } from './params';

/** The watch token of a link, in `Authorization: Bearer`. */
export const watcher = [{ watchAuth: [] }];

export const createWatchLink = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/watch-links',
    operationId: 'createWatchLink',
    tags: ['Watching'],
    summary: 'Let someone watch',
    description:
      'A seated player creates a watch link: its token lets whoever holds it read the game as a seat without tiles would (board, counts, scores, public events), and nothing more, until any seated player revokes it. Up to 10 open per game. A retry with the same `Idempotency-Key` returns the same link.',
    security: bearer,
    request: { params, headers: z.object({ 'idempotency-key': IdempotencyKeySchema }) },
    responses: { 201: { description: 'The link, with its token.', ...json(NewWatchLinkSchema), headers: replayed } },
  }),
);

export const listWatchLinks = documented(
  createRoute({
    method: 'get',
    path: '/v1/games/{id}/watch-links',
    operationId: 'listWatchLinks',
    tags: ['Watching'],
    summary: 'The game’s open watch links',
    description:
      'Every open watch link of the game, for any seated player to see (and revoke): who made it and when. Tokens are shown only when a link is made.',
    security: bearer,
    request: { params },
    responses: {
      200: {
        description: 'The open links (without their tokens).',
        ...json(WatchLinkListSchema),
        headers: cacheControl,
      },
    },
  }),
);

export const revokeWatchLink = documented(
  createRoute({
    method: 'delete',
    path: '/v1/games/{id}/watch-links/{linkId}',
    operationId: 'revokeWatchLink',
    tags: ['Watching'],
    summary: 'Revoke a watch link',
    description:
      'Any seated player may: its token is refused from the next request on. No `Idempotency-Key`: a retry after it went through gets `404`, meaning done.',
    security: bearer,
    request: {
      params: params.extend({
        linkId: z
          .string()
          .regex(/^[A-Za-z0-9_-]{11}$/)
          .openapi({ param: { name: 'linkId', in: 'path' }, example: 'Qk2vX0d8Qq2' }),
      }),
    },
    responses: { 204: { description: 'Revoked.' } },
  }),
);

export const watchGame = documented(
  createRoute({
    method: 'get',
    path: '/v1/watch',
    operationId: 'watchGame',
    tags: ['Watching'],
    summary: 'Watch a game',
    description: 'The game a watch token is for, as a spectator sees it.',
    security: watcher,
    responses: { 200: { description: 'The game.', ...json(WatchViewSchema), headers: cacheControl } },
  }),
);

export const watchEvents = documented(
  createRoute({
    method: 'get',
    path: '/v1/watch/events',
    operationId: 'watchEvents',
    tags: ['Watching'],
    summary: 'Catch up, as a watcher',
    description:
      'The commits after version `after`, redacted for a spectator: a deal shows no tiles, a draw no tile. Page with `nextCursor`; `wait=<seconds>` long-polls, as `GET /v1/games/{id}/events` does.',
    security: watcher,
    request: {
      query: z.object({
        after: wholeNumber('After this version (default 0).', 0, Number.MAX_SAFE_INTEGER),
        cursor: CursorSchema,
        limit: wholeNumber('At most this many commits (1-1000, default 1000).', 1, 1000),
        wait: wholeNumber(
          'Long-poll: wait up to this many seconds (0-20). A fifth wait at once: `429`, `Retry-After`.',
          0,
          20,
        ),
      }),
    },
    responses: { 200: { description: 'A page of commits.', ...json(EventPageSchema), headers: cacheControl } },
  }),
);
