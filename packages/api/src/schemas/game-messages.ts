import { z } from '@hono/zod-openapi';
import { NextCursorSchema, nullable, SeatSchema, TimestampSchema } from './common';
import { SPOOFING } from './players';

/** The longest message, in characters (UTF-16 code units, as JavaScript and the JSON Schema count). */
export const MESSAGE_MAX = 280;

/** A message's text: 1-280 characters; line breaks are kept, other control characters refused. */
export const MessageTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(MESSAGE_MAX)
  .refine((text) => !/[^\P{Cc}\n]/u.test(text), 'must not contain control characters (other than line breaks)')
  .refine((text) => !/\p{Cs}/u.test(text), 'must be well-formed Unicode (no unpaired surrogates)')
  .refine((text) => !SPOOFING.test(text), 'must not contain invisible or text-direction characters')
  .openapi({ description: 'What you say: 1-280 characters; line breaks are kept.', example: 'Good game!' });

/** POST /v1/games/{id}/messages body. */
export const NewMessageSchema = z.object({ text: MessageTextSchema }).strict().openapi('NewMessage');

/** One message: who (a seat), when, what; nothing of the game's state. */
export const GameMessageSchema = z
  .object({
    seq: z
      .number()
      .int()
      .min(1)
      .openapi({ description: 'Its place in the game’s messages (1 first): resume after it.' }),
    seat: SeatSchema,
    at: TimestampSchema,
    text: z.string(),
  })
  .strict()
  .openapi('GameMessage');

/** GET /v1/games/{id}/messages reply. */
export const MessagePageSchema = z
  .object({
    messages: z.array(GameMessageSchema).readonly(),
    next: nullable(z.number().int()).openapi({
      deprecated: true,
      description: 'Deprecated: read `nextCursor`.',
    }),
    nextCursor: NextCursorSchema,
    seq: z.number().int().openapi({ description: 'Where to resume (`after`) next time.' }),
    muted: z.boolean().openapi({ description: 'True when you muted this game: `messages` is then always empty.' }),
  })
  .openapi('MessagePage');

/** PUT /v1/games/{id}/messages/mute body, and its reply. */
export const MuteSchema = z
  .object({
    muted: z.boolean().openapi({ description: 'True to stop seeing the game’s messages; false to see them again.' }),
  })
  .strict()
  .openapi('Mute');
