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
        'Who took each seat; null for a free seat or one a bot took (a player who left stays, with `bots` naming their successor).',
    }),
    bots: z.array(nullable(BotLevelSchema)).openapi({
      description: 'The level of the bot playing each seat; null where a player plays it (or nobody yet).',
    }),
  })
  .openapi('GameSummary');
