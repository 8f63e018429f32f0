import { createRoute, z } from '@hono/zod-openapi';
import { IdempotencyKeySchema } from '../schemas/common';
import { GameViewSchema, JoinSchema, NewGameSchema } from '../schemas/game';
import { CommandReplySchema } from '../schemas/replies';
import { cacheControl, etag, varyByViewer, commandReplyHeaders } from './headers';
import { bearer, documented, json } from './responses';
import { gameIdParams as params } from './params';

const keyHeader = z.object({ 'idempotency-key': IdempotencyKeySchema });

export const createGame = documented(
  createRoute({
    method: 'post',
    path: '/v1/games',
    operationId: 'createGame',
    tags: ['Games'],
    summary: 'Create a game',
    description:
      'Creates a game with the given rules (defaults filled in and returned) and seats you in seat 0, and the `bots` you ask for in theirs. Share `game.inviteCode`; the game starts when every seat is taken. With bots in every other seat it starts at once: the reply then holds the deal and the bots’ moves up to your turn.',
    security: bearer,
    request: { headers: keyHeader, body: { ...json(NewGameSchema), required: true } },
    responses: {
      201: {
        description: 'The new game.',
        ...json(CommandReplySchema),
        headers: {
          Location: { description: 'Where the game is: `/v1/games/{id}`.', required: true, schema: { type: 'string' } },
          ...commandReplyHeaders,
        },
      },
    },
  }),
);

export const joinGame = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/join',
    operationId: 'joinGame',
    tags: ['Games'],
    summary: 'Join a game',
    description:
      'Takes the next free seat with the invite code. The last seat taken starts the game and deals the first hand. A retry with the same `Idempotency-Key` returns the first reply, byte for byte; joining a game you are already in with a new key answers with the game.',
    security: bearer,
    request: { params, headers: keyHeader, body: { ...json(JoinSchema), required: true } },
    responses: {
      200: {
        description: 'You are seated.',
        ...json(CommandReplySchema),
        headers: {
          ...commandReplyHeaders,
        },
      },
    },
  }),
);

export const getGame = documented(
  createRoute({
    method: 'get',
    path: '/v1/games/{id}',
    operationId: 'getGame',
    tags: ['Games'],
    summary: 'Your view of a game',
    description:
      'Everything you may see of the game now. `ETag` is the version; send it in `If-None-Match` to get `304` while nothing changed.',
    security: bearer,
    request: { params, headers: z.object({ 'if-none-match': z.string().optional() }) },
    responses: {
      200: {
        description: 'The game.',
        ...json(GameViewSchema),
        headers: { ...etag, ...cacheControl, ...varyByViewer },
      },
      304: {
        description: 'Not modified since the version in If-None-Match.',
        headers: { ...etag, ...cacheControl, ...varyByViewer },
      },
    },
  }),
);
