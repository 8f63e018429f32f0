import { createRoute, z } from '@hono/zod-openapi';
import { IdempotencyKeySchema, IfMatchSchema } from '../schemas/common';
import { GiveTimeSchema } from '../schemas/game';
import { CommandReplySchema } from '../schemas/replies';
import { commandReplyHeaders } from './headers';
import { bearer, documented, json } from './responses';
import { gameIdParams as params } from './params';

const headers = z.object({
  'if-match': IfMatchSchema,
  'idempotency-key': IdempotencyKeySchema,
});
const reply = (description: string) => ({ description, ...json(CommandReplySchema), headers: commandReplyHeaders });

export const returnToGame = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/return',
    operationId: 'returnToGame',
    tags: ['Moves'],
    summary: 'Take your away seat back',
    description: [
      'In a game with a turn clock, a seat that timed out `awayAfter` turns in a row is away: its bot plays its turns at once. This takes it back: your turns are yours again, with their deadlines (`SeatReturned`).',
      'Any move of yours that the rules accept takes it back too, in the same commit. Refused (`rules/not-away`) when your seat is not away. A retry with the same `Idempotency-Key` answers as the first time did.',
    ].join('\n\n'),
    security: bearer,
    request: { params, headers },
    responses: { 200: reply('Your seat is yours again.') },
  }),
);

export const giveTime = documented(
  createRoute({
    method: 'post',
    path: '/v1/games/{id}/time',
    operationId: 'giveTime',
    tags: ['Moves'],
    summary: 'Give the seat in turn more time',
    description: [
      'In a game with a turn clock, gives the player in turn `hours` more for this turn (`TimeGiven`): their `deadline` moves on by as much. Any other seated player may, in whole hours, up to `rules.turnHours` extra in all for one turn; the extra time goes when the turn passes.',
      'Send the version you saw (`If-Match`): the time goes to the turn you meant, or you get `412`. A retry with the same `Idempotency-Key` answers as the first time did.',
    ].join('\n\n'),
    security: bearer,
    request: { params, headers, body: { ...json(GiveTimeSchema), required: true } },
    responses: { 200: reply('The time was given.') },
  }),
);
