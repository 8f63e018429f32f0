import { createRoute, z } from '@hono/zod-openapi';
import { CursorSchema, IdempotencyKeySchema } from '../schemas/common';
import { LobbyPageSchema, QuickMatchReplySchema, QuickMatchSchema } from '../schemas/lobby';
import { cacheControl, commandReplyHeaders } from './headers';
import { bearer, documented, json } from './responses';

export const listLobby = documented(
  createRoute({
    method: 'get',
    path: '/v1/lobby',
    operationId: 'listLobby',
    tags: ['Lobby'],
    summary: 'Open games',
    description:
      'The open games waiting for players, newest first: their rules, free seats and age. Join one with `POST /v1/games/{id}/join` and no invite code. The list comes from an index and may trail a game filling up by a moment: a game that filled answers the join with `rules/game-full`.',
    security: bearer,
    request: {
      query: z.object({
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(100)
          .optional()
          .openapi({ type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 50).' }),
        cursor: CursorSchema,
      }),
    },
    responses: { 200: { description: 'A page of open games.', ...json(LobbyPageSchema), headers: cacheControl } },
  }),
);

export const quickMatch = documented(
  createRoute({
    method: 'post',
    path: '/v1/lobby/quick-match',
    operationId: 'quickMatch',
    tags: ['Lobby'],
    summary: 'Quick match',
    description: [
      'Joins the open game with these seats and rules (defaults filled in) that has waited longest, or, when there is none, creates one (open) and seats you: it waits in the lobby for the next player who asks the same.',
      'Your own open games are left out; when one of them is all there is, you get it back instead of a second one. A retry with the same `Idempotency-Key` goes to the same game and answers as the first time did.',
    ].join('\n\n'),
    security: bearer,
    request: {
      headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
      body: { ...json(QuickMatchSchema), required: true },
    },
    responses: {
      200: { description: 'You are seated.', ...json(QuickMatchReplySchema), headers: commandReplyHeaders },
    },
  }),
);
