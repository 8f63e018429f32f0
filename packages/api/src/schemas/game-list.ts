import { z } from '@hono/zod-openapi';
import { nullable, TimestampSchema } from './common';
import { BotLevelSchema } from './rules';

/** One of your games, as your lists show it. */
export const GameSummarySchema = z
  .object({
    id: z.string(),
    yourTurn: z.boolean(),
    status: z.enum(['waiting', 'playing', 'finished', 'cancelled']),
    version: z.number().int().openapi({
      description:
        'The game version this entry was written at: for games waiting on you, the one at which your turn began.',
    }),
    since: TimestampSchema.openapi({
      description:
        'For games waiting on you: since when (ISO 8601), the time your turn began; otherwise when you joined or its status last changed.',
    }),
    seats: z.array(nullable(z.object({ playerId: z.string(), name: z.string() }))).openapi({
      description:
        'Who took each seat; null for a free seat or one a bot took (a player who left stays, with `bots` naming the bot that took their seat over).',
    }),
    bots: z.array(nullable(BotLevelSchema)).openapi({
      description: 'The level of the bot playing each seat; null where a player plays it (or nobody yet).',
    }),
    turnHours: z.number().int().min(1).nullable().openapi({
      description: 'The game’s turn clock (`rules.turnHours`): hours per turn, or null for none.',
    }),
    deadline: TimestampSchema.nullable().openapi({
      description: 'For games waiting on you with a turn clock: when your turn times out (ISO 8601); null otherwise.',
    }),
    away: z.boolean().openapi({
      description:
        'Whether you are away in this game: you timed out too often, and its bot plays your turns at once until you come back (`POST /v1/games/{id}/return`).',
    }),
    rematchOf: z.string().nullable().openapi({ description: 'The game this one is the rematch of, or null.' }),
    invited: z.boolean().openapi({
      description:
        'A rematch keeps a seat for you that you have not taken yet: join it without a code (`POST /v1/games/{id}/join` with `{}`), or propose the rematch from the old game. Listed from the moment it is proposed, so every player of the old game sees it.',
    }),
  })
  .openapi('GameSummary');
