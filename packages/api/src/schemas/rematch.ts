import { z } from '@hono/zod-openapi';
import { EventSchema } from './events';
import { GameViewSchema } from './game';

/** POST /v1/games/{id}/rematch reply: the rematch as the caller sees it, and whether they proposed it. */
export const RematchReplySchema = z
  .object({
    created: z.boolean().openapi({
      description: 'True for the proposal (the rematch was created); false when you accepted one proposed already.',
    }),
    version: z.number().int().openapi({ description: 'The rematch’s version after the command.' }),
    events: z.array(EventSchema).readonly(),
    game: GameViewSchema,
  })
  .openapi('RematchReply');
