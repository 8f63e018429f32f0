import { z } from '@hono/zod-openapi';

/** A player as others see them. */
export const PlayerSchema = z
  .object({
    id: z.string().openapi({ example: 'p_Xk3vT0d8Qq2bV9nR1mZsLw' }),
    name: z.string().openapi({ example: 'Ann' }),
  })
  .openapi('Player');

// Characters that make a name look like another or reorder what is shown around it (bidirectional
// controls, zero-width spaces, word joiner, byte-order mark). Other players see names.
export const SPOOFING = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** A player's name as others see it: 1-40 characters, nothing that makes it look like another. */
export const PlayerNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters')
  .refine((name) => !/\p{Cs}/u.test(name), 'must be well-formed Unicode (no unpaired surrogates)')
  .refine((name) => !SPOOFING.test(name), 'must not contain invisible or text-direction characters')
  .openapi({
    description:
      'The name other players see: 1-40 characters, without control, invisible or text-direction characters.',
    example: 'Ann',
  });

/** POST /v1/players body. */
export const NewPlayerSchema = z.object({ name: PlayerNameSchema }).strict().openapi('NewPlayer');

/** POST /v1/players reply: the token is shown once. */
export const RegisteredPlayerSchema = z
  .object({
    player: PlayerSchema,
    token: z.string().openapi({
      description: 'Bearer token for every other request. Shown only in this reply; keep it secret.',
      example: 'cf2.p_Xk3vT0d8Qq2bV9nR1mZsLw.Qk2vX0d8Qq2.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtc2ln',
    }),
  })
  .openapi('RegisteredPlayer');

/** GET /v1/me (and PATCH) reply. */
export const MeSchema = z.object({ player: PlayerSchema }).openapi('Me');
