import { createRoute, z } from '@hono/zod-openapi';
import { IdempotencyKeySchema, IfMatchSchema } from '../schemas/common';
import { BotRequestSchema } from '../schemas/game';
import { CommandReplySchema } from '../schemas/replies';
import { commandReplyHeaders } from './headers';
import { bearer, documented, json } from './responses';
import { gameIdParams as params } from './params';

const headers = z.object({
  'if-match': IfMatchSchema,
  'idempotency-key': IdempotencyKeySchema,
});
const reply = (description: string) => ({ description, ...json(CommandReplySchema), headers: commandReplyHeaders });

export const addBot = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/bots',
    operationId: 'addBot',
    tags: ['Games'],
    summary: 'Seat a bot',
    description: [
      'Puts a computer player in a free seat of a game waiting for players: in `seat`, or the lowest free one, at `level`, or the game’s `botLevel`. Only the game’s creator may.',
      'The last seat taken starts the game; the reply then also holds the deal and the moves of the bots up to your turn (as with a move). A retry with the same `Idempotency-Key` answers as the first time did.',
    ].join('\n\n'),
    security: bearer,
    request: { params, headers, body: { ...json(BotRequestSchema), required: true } },
    responses: { 200: reply('The bot is seated.') },
  }),
);

export const leaveGame = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/leave',
    operationId: 'leaveGame',
    tags: ['Games'],
    summary: 'Leave a game',
    description: [
      'Before the game starts, your seat is free again for someone else (the creator cannot leave then: fill the game, with bots if you like, first).',
      'In a game in play, a bot at the game’s `botLevel` takes your seat over as it stands, and the game goes on for the others; the reply holds the bots’ moves up to the next player’s turn. Leaving is for good: you may still read the game and its events, as a spectator (no tiles), but make no more moves (`game/left`).',
      'A retry with the same `Idempotency-Key` answers as the first time did.',
    ].join('\n\n'),
    security: bearer,
    request: { params, headers },
    responses: { 200: reply('You have left.') },
  }),
);
