import { createRoute, z } from '@hono/zod-openapi';
import { OptionalIdempotencyKeySchema } from '../schemas/common';
import { MeSchema, NewPlayerSchema, RegisteredPlayerSchema } from '../schemas/players';
import { accountEtag, replayed } from './headers';
import { bearer, documented, json } from './responses';

export const registerPlayer = documented(
  createRoute({
    method: 'post',
    path: '/v1/players',
    operationId: 'registerPlayer',
    tags: ['Players'],
    summary: 'Register a player',
    description:
      'Creates a player and returns its bearer token, shown only in this reply. With an `Idempotency-Key` (keep it secret, like the token: a retry with it returns the same token) a retried registration returns the first reply.',
    security: [],
    request: {
      headers: z.object({ 'idempotency-key': OptionalIdempotencyKeySchema }),
      body: { ...json(NewPlayerSchema), required: true },
    },
    responses: {
      201: {
        description: 'The player and its token.',
        ...json(RegisteredPlayerSchema),
        headers: {
          Location: { description: 'Where you are: `/v1/me`.', required: true, schema: { type: 'string' } },
          ...replayed,
        },
      },
    },
  }),
);

export const getMe = documented(
  createRoute({
    method: 'get',
    path: '/v1/me',
    operationId: 'getMe',
    tags: ['Players'],
    summary: 'Who am I',
    description:
      'The player the bearer token belongs to. `ETag` is the account’s version: send it in If-Match to change the account.',
    security: bearer,
    responses: {
      200: {
        description: 'The player.',
        ...json(MeSchema),
        headers: { ...accountEtag },
      },
    },
  }),
);
