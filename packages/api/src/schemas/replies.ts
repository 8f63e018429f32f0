import { z } from '@hono/zod-openapi';
import { EventSchema } from './events';
import { GameViewSchema } from './game';

/** What every command on a game answers with. */
export const CommandReplySchema = z
  .object({
    version: z.number().int().openapi({ description: 'The game version after the command.' }),
    events: z
      .array(EventSchema)
      .readonly()
      .openapi({ description: 'What the command caused, forced moves included, as you may see it.' }),
    game: GameViewSchema,
  })
  .openapi('CommandReply');
