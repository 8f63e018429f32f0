import { createRoute, z } from '@hono/zod-openapi';
import { CursorSchema, IdempotencyKeySchema } from '../schemas/common';
import { GameMessageSchema, MessagePageSchema, MuteSchema, NewMessageSchema } from '../schemas/game-messages';
import { cacheControl, replayed } from './headers';
import { bearer, documented, json } from './responses';
import { gameIdParams as params, wholeNumberQuery as wholeNumber } from './params';

export const postMessage = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/messages',
    operationId: 'postMessage',
    tags: ['Messages'],
    summary: 'Say something to the table',
    description: [
      'A short message (1-280 characters) to everyone seated in the game. Messages are kept apart from the game’s commits: posting needs no If-Match and never conflicts with a move. Seated players only; a player who left reads messages but posts none (`game/left`).',
      'At most 5 at once per player and game, one more every 5 seconds (`429` with `Retry-After` beyond). A retry with the same `Idempotency-Key` answers with the message it posted.',
    ].join('\n\n'),
    security: bearer,
    request: {
      params,
      headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
      body: { ...json(NewMessageSchema), required: true },
    },
    responses: { 201: { description: 'Posted.', ...json(GameMessageSchema), headers: replayed } },
  }),
);

export const listMessages = documented(
  createRoute({
    method: 'get',
    path: '/v1/games/{id}/messages',
    operationId: 'listMessages',
    tags: ['Messages'],
    summary: 'Catch up on messages',
    description:
      'The messages after `after` (their `seq`), oldest first: who (a seat), when, and the text, nothing else. Page with `nextCursor`; resume later `after` `seq`. Empty (with `muted: true`) while you mute the game.\n\nWith `wait=<seconds>` and no message after `after` yet, the request waits (up to 20 s) and returns as soon as one is posted: table talk as fast as moves, one request at a time.',
    security: bearer,
    request: {
      params,
      query: z.object({
        after: wholeNumber('Messages after this `seq` (default 0: from the first).', 0, Number.MAX_SAFE_INTEGER),
        cursor: CursorSchema,
        limit: wholeNumber('At most this many (1-200, default 200).', 1, 200),
        wait: wholeNumber('Long-poll: wait up to this many seconds (0-20) for a message after `after`.', 0, 20),
      }),
    },
    responses: { 200: { description: 'A page of messages.', ...json(MessagePageSchema), headers: cacheControl } },
  }),
);

export const muteMessages = documented(
  createRoute({
    method: 'put',
    path: '/v1/games/{id}/messages/mute',
    operationId: 'muteMessages',
    tags: ['Messages'],
    summary: 'Mute (or unmute) a game’s messages',
    description:
      'For you alone: while muted, `GET …/messages` returns none. Others still post and read. Kept on your account. No `Idempotency-Key`: setting it again changes nothing.',
    security: bearer,
    request: { params, body: { ...json(MuteSchema), required: true } },
    responses: { 200: { description: 'As you asked.', ...json(MuteSchema) } },
  }),
);
