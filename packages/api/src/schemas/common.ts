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

/**
 * A moment, as the API writes it: ISO 8601 in UTC, to the millisecond. Its example is said once, in the
 * document's description (and every body's example shows real ones), not at each of its ~30 uses.
 */
export const TimestampSchema = z.iso.datetime();

/** A game id: "g_" and 22 base64url characters. */
export const GAME_ID = /^g_[A-Za-z0-9_-]{22}$/;

/** A game id in a path (`/v1/games/{id}`): one parameter component, shared by every route under it. */
export const GameIdSchema = z
  .string()
  .regex(GAME_ID)
  .openapi('GameId', {
    param: { name: 'id', in: 'path', description: 'The game’s id: `g_` and 22 base64url characters.' },
    example: 'g_3q2-7wEvQ_6pXJ5Rk1ZPaA',
  });

/**
 * The `cursor` of every paged list, as the page before gave it (`nextCursor`): one query parameter
 * component, shared by every list.
 */
export const CursorSchema = z
  .string()
  .max(2048)
  .openapi('Cursor', {
    description: 'Where a page starts: a `nextCursor`, opaque.',
    param: {
      name: 'cursor',
      in: 'query',
      description: 'A page’s `nextCursor`, sent back as it came.',
    },
  })
  .optional();

/** Every page's `nextCursor`: one schema, so every list says it alike (a string, or null on the last page). */
export const NextCursorSchema = z.string().nullable().openapi('NextCursor', {
  description: 'Send it as `cursor` for the next page; null when this page ends the list as it is now.',
});

/** What an Idempotency-Key may be: 16-128 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{16,128}$/;

/** An Idempotency-Key header value, where it is optional (registration). */
export const OptionalIdempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY).optional().openapi({
  description:
    'Optional here: with it, a retried registration returns the first reply (the same player and token); keep it as secret as the token. 16-128 visible ASCII characters.',
  example: '1c0a8f0e-5b6e-4f1e-9d57-3d8f4f2a9b10',
});

/** An Idempotency-Key header value, required: one parameter component, shared by every route that takes it. */
export const IdempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY)
  .openapi('IdempotencyKey', {
    param: {
      name: 'idempotency-key',
      in: 'header',
      description:
        'A unique value per intended change (a random UUID), 16-128 visible ASCII characters. A retry with the same key, however late, returns the first reply, byte for byte, and never applies twice; the same key with another request is refused (`request/idempotency-key-reused`, 422).',
    },
    example: '1c0a8f0e-5b6e-4f1e-9d57-3d8f4f2a9b10',
  });

/**
 * If-Match on a game: the version the client decided on, one strong entity tag (see routes/if-match.ts
 * for how it is read). One parameter component, shared by every command on a game that takes it.
 */
export const IfMatchSchema = z.string().openapi('IfMatch', {
  param: {
    name: 'if-match',
    in: 'header',
    description:
      'The game version you decided on, as its `ETag` gives it: one strong entity tag, quoted (`"12"`). If the game has moved on, nothing happens and you get `412` with `currentVersion`. A weak tag (`W/"12"`) never matches (RFC 9110 strong comparison): `412`. `*`, a list or an unquoted value is refused (`400`).',
  },
  example: '"12"',
});

/** If-Match on your account (`PATCH /v1/me`, token revocations, deletion): its version, as `GET /v1/me`'s ETag gives it. */
export const AccountIfMatchSchema = z.string().openapi('AccountIfMatch', {
  param: {
    name: 'if-match',
    in: 'header',
    description:
      'Your account’s version, as the `ETag` of `GET /v1/me` gives it: one strong entity tag, quoted (`"3"`). If the account has changed since, nothing happens and you get `412` with `currentVersion`. A weak tag never matches (`412`); `*`, a list or an unquoted value is refused (`400`).',
  },
  example: '"3"',
});
