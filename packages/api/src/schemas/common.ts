import { z } from '@hono/zod-openapi';

/**
 * `schema` or `null`, written so JSON Schema accepts null and generators type it `| null`:
 * `anyOf: [schema, {type: "null"}]`. (`.nullable()` on a registered schema emits a bare `$ref`, and on
 * others an `allOf` whose `$ref` half refuses null.)
 * @example drawnTile: nullable(TileSchema).openapi({ description: '…' })
 */
export function nullable<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}

/**
 * One of a few values (numbers or strings), refused with a message that names them: `must be one of
 * 6, 9, 12, 15, not 7` rather than zod's "Invalid input" for a union of literals.
 * @example set: oneOf([6, 9, 12, 15]).openapi({ description: 'Double-N set.' })
 */
export function oneOf<const V extends readonly [number, ...number[]] | readonly [string, ...string[]]>(values: V) {
  const allowed = values.join(', ');
  return z
    .literal(values, { error: (issue) => `must be one of ${allowed}, not ${JSON.stringify(issue.input) ?? 'nothing'}` })
    .openapi({ type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values] });
}

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

/** A moment, as the API writes it: ISO 8601 in UTC. */
export const TimestampSchema = z.iso.datetime().openapi({ example: '2026-11-30T07:00:00.000Z' });

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
