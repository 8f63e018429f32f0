import { z } from '@hono/zod-openapi';
import { RulesSchema } from './rules';

/** GET /v1/games/{id}/invitation reply: what an invite link says of its game, before joining. */
export const InvitationSchema = z
  .object({
    id: z.string(),
    status: z.enum(['waiting', 'playing', 'finished', 'cancelled']).openapi({
      description: 'Only a `waiting` game with `freeSeats` can be joined.',
    }),
    inviter: z.string().nullable().openapi({
      description: 'The creator’s name; null once they deleted their account.',
    }),
    rules: RulesSchema,
    seats: z.number().int().openapi({ description: 'How many seats the game has.' }),
    freeSeats: z.number().int().openapi({ description: 'Seats nobody has taken (0 once it started).' }),
  })
  .openapi('Invitation');
