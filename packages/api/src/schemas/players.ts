import { z } from '@hono/zod-openapi';

/** A player as others see them. */
export const PlayerSchema = z
  .object({
    id: z.string().openapi({ example: 'p_Xk3vT0d8Qq2bV9nR1mZsLw' }),
    name: z.string().openapi({ example: 'Ann' }),
  })
  .openapi('Player');

/** POST /v1/players body. */
export const NewPlayerSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters')
      .openapi({ description: 'The name other players see (1-40 characters).', example: 'Ann' }),
  })
  .strict()
  .openapi('NewPlayer');

/** POST /v1/players reply: the token is shown once. */
export const RegisteredPlayerSchema = z
  .object({
    player: PlayerSchema,
    token: z.string().openapi({
      description: 'Bearer token for every other request. Shown only in this reply; keep it secret.',
      example: 'cf1.p_Xk3vT0d8Qq2bV9nR1mZsLw.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtc2ln',
    }),
  })
  .openapi('RegisteredPlayer');
