import { z } from '@hono/zod-openapi';

/** A tile as `"a-b"`: `"9-4"`. Input may give the halves in either order. */
export const TileSchema = z
  .string()
  .regex(/^\d{1,2}-\d{1,2}$/)
  .openapi('Tile', {
    description:
      'A domino written "a-b", higher half first in responses ("9-4"); either order is accepted in requests.',
    example: '9-4',
  });

/** A seat number: turn order, 0 is the game's creator. */
export const SeatSchema = z
  .number()
  .int()
  .min(0)
  .max(7)
  .openapi('Seat', { description: 'A seat number (0-7); seat order is turn order.', example: 1 });

/** An RFC 9457 problem document: every error this API returns. */
export const ProblemSchema = z
  .object({
    type: z.string().openapi({
      description: 'Identifies the kind of problem; stable, one per code.',
      example: '/problems/rules/not-your-turn',
    }),
    title: z.string().openapi({ example: 'Not your turn' }),
    status: z.number().int().openapi({ example: 422 }),
    detail: z.string().openapi({ example: 'It is not your turn: seat 2 (Ann) plays next.' }),
    code: z
      .string()
      .openapi({ description: 'The problem code, e.g. `rules/not-your-turn`.', example: 'rules/not-your-turn' }),
    requestId: z.string().optional().openapi({ description: 'Quote it when reporting a problem.' }),
    currentVersion: z.number().int().optional().openapi({ description: 'On 412: the game version to retry against.' }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'On 400: what is wrong with the request, field by field.' }),
  })
  .openapi('Problem');

/** A game id: "g_" and 22 base64url characters. */
export const GameIdSchema = z
  .string()
  .regex(/^g_[A-Za-z0-9_-]{22}$/)
  .openapi({ param: { name: 'id', in: 'path' }, example: 'g_3q2-7wEvQ_6pXJ5Rk1ZPaA' });

/** An Idempotency-Key header value. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{16,128}$/)
  .openapi({
    description:
      'A unique value per intended change (a random UUID), 16-128 visible ASCII characters. A retry with the same key returns the first reply; the same key with another request is refused (422).',
    example: '1c0a8f0e-5b6e-4f1e-9d57-3d8f4f2a9b10',
  });
