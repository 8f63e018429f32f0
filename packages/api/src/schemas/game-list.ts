import { z } from '@hono/zod-openapi';
import { nullable, TimestampSchema } from './common';

/** One of your games, as your lists show it. */
export const GameSummarySchema = z
  .object({
    id: z.string(),
    yourTurn: z.boolean(),
    status: z.enum(['waiting', 'playing', 'finished']),
    version: z.number().int().openapi({
      description:
        'The game version this entry was written at: for games waiting on you, the one at which your turn began.',
    }),
    since: TimestampSchema.openapi({
      description:
        'For games waiting on you: since when (ISO 8601), the time your turn began; otherwise when you joined or its status last changed.',
    }),
    seats: z
      .array(nullable(z.object({ playerId: z.string(), name: z.string() })))
      .openapi({ description: 'Who sits where; null for a free seat.' }),
  })
  .openapi('GameSummary');
