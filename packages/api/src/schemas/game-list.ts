import { z } from '@hono/zod-openapi';

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
    since: z.string().openapi({
      description:
        'For games waiting on you: since when (ISO 8601), the time your turn began; otherwise when you joined or its status last changed.',
    }),
    seats: z.array(z.object({ playerId: z.string(), name: z.string() }).nullable()),
  })
  .openapi('GameSummary');
