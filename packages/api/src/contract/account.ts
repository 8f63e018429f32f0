import { createRoute, z } from '@hono/zod-openapi';
import { NewTokenSchema, RenameSchema, TokenListSchema } from '../schemas/account';
import { AccountIfMatchSchema, IdempotencyKeySchema } from '../schemas/common';
import { MeSchema } from '../schemas/players';
import { accountEtag, cacheControl, replayed } from './headers';
import { bearer, documented, json } from './responses';

const conditional = z.object({ 'if-match': AccountIfMatchSchema, 'idempotency-key': IdempotencyKeySchema });
const STALENESS =
  'A revoked token is refused at once by the server that revoked it, and by every other within 15 seconds (each trusts what it read of an account for that long).';

export const renameMe = documented(
  createRoute({
    method: 'patch',
    path: '/v1/me',
    operationId: 'renameMe',
    tags: ['Account'],
    summary: 'Rename yourself',
    description:
      'Changes the name other players see in the games you join from now on; the games you are in keep the name you joined them with.',
    security: bearer,
    request: { headers: conditional, body: { ...json(RenameSchema), required: true } },
    responses: {
      200: {
        description: 'Renamed.',
        ...json(MeSchema),
        headers: { ...accountEtag, ...replayed },
      },
    },
  }),
);

export const deleteMe = documented(
  createRoute({
    method: 'delete',
    path: '/v1/me',
    operationId: 'deleteMe',
    tags: ['Account'],
    summary: 'Delete your account',
    description: [
      'For good: in every game you play a bot at the game’s `botLevel` takes your seat over; a game you created that is still waiting is cancelled, and your seat in anyone else’s is freed; your name is taken out of every game, finished ones too (the seat shows an empty name). Every token of the account is refused from then on.',
      STALENESS,
    ].join('\n\n'),
    security: bearer,
    request: { headers: conditional },
    responses: { 204: { description: 'Deleted.', headers: replayed } },
  }),
);

export const listTokens = documented(
  createRoute({
    method: 'get',
    path: '/v1/me/tokens',
    operationId: 'listTokens',
    tags: ['Account'],
    summary: 'Your tokens',
    description: 'Every open session of your account: each token you were given and have not revoked.',
    security: bearer,
    responses: {
      200: { description: 'Your tokens.', ...json(TokenListSchema), headers: { ...accountEtag, ...cacheControl } },
    },
  }),
);

export const createToken = documented(
  createRoute({
    method: 'post',
    path: '/v1/me/tokens',
    operationId: 'createToken',
    tags: ['Account'],
    summary: 'Issue another token',
    description:
      'A new token of your account (another device, a bot of your own), shown only in this reply; up to 20 may be open at once. A retry with the same `Idempotency-Key` returns the same token.',
    security: bearer,
    request: { headers: z.object({ 'idempotency-key': IdempotencyKeySchema }) },
    responses: {
      201: { description: 'The new token.', ...json(NewTokenSchema), headers: { ...accountEtag, ...replayed } },
    },
  }),
);

export const revokeToken = documented(
  createRoute({
    method: 'delete',
    path: '/v1/me/tokens/{tokenId}',
    operationId: 'revokeToken',
    tags: ['Account'],
    summary: 'Revoke a token',
    description: ['Signs one session out (the current one too, if you name it).', STALENESS].join('\n\n'),
    security: bearer,
    request: {
      params: z.object({
        tokenId: z
          .string()
          .regex(/^(legacy|[A-Za-z0-9_-]{11})$/)
          .openapi({ param: { name: 'tokenId', in: 'path' }, example: 'Qk2vX0d8Qq2' }),
      }),
      headers: conditional,
    },
    responses: { 204: { description: 'Revoked.', headers: { ...accountEtag, ...replayed } } },
  }),
);

export const revokeAllTokens = documented(
  createRoute({
    method: 'delete',
    path: '/v1/me/tokens',
    operationId: 'revokeAllTokens',
    tags: ['Account'],
    summary: 'Sign out everywhere else',
    description: [
      'Revokes every token of your account but the one this request is sent with: a token is your only way in, so one stays open. If that one may have leaked too, issue a new token first (`POST /v1/me/tokens`) and send this with the new one.',
      STALENESS,
    ].join('\n\n'),
    security: bearer,
    request: { headers: conditional },
    responses: { 204: { description: 'Every other token is revoked.', headers: { ...accountEtag, ...replayed } } },
  }),
);
