import { z } from '@hono/zod-openapi';
import { SeatSchema, TileSchema } from './common';

/** A play: a tile from the hand against the open end of placement `on`. */
export const PlayMoveSchema = z
  .object({
    type: z.literal('play'),
    tile: TileSchema,
    on: z
      .number()
      .int()
      .min(0)
      .max(200)
      .openapi({ description: 'The placement id the tile goes against (see `hand.openEnds`).', example: 0 }),
    announce: z
      .boolean()
      .optional()
      .openapi({ description: 'Say "Chickenlittle" with the play that leaves you one tile.' }),
  })
  .strict()
  .openapi('PlayMove');

const typeOf = (input: unknown) =>
  typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;

/** Every move a seated player can send, and every move `legalMoves` lists. */
export const MoveSchema = z
  .discriminatedUnion(
    'type',
    [
      PlayMoveSchema,
      z
        .object({ type: z.literal('draw') })
        .strict()
        .openapi('DrawMove'),
      z
        .object({ type: z.literal('pass') })
        .strict()
        .openapi('PassMove'),
      z
        .object({ type: z.literal('announce') })
        .strict()
        .openapi('AnnounceMove'),
      z
        .object({
          type: z.literal('callout'),
          seat: SeatSchema.openapi({ description: 'The seat to call out for a Chickenlittle lapse.' }),
        })
        .strict()
        .openapi('CalloutMove'),
    ],
    {
      // zod says "Invalid input" for an unknown `type`: name the moves there are instead.
      error: (issue) =>
        issue.code === 'invalid_union' && 'options' in issue
          ? `must be one of ${(issue.options as unknown[]).join(', ')}, not ${JSON.stringify(typeOf(issue.input)) ?? 'nothing'}`
          : undefined,
    },
  )
  .openapi('Move', {
    example: { type: 'play', tile: '9-4', on: 0 },
    description:
      'Draws and passes that involve no choice are made by the server at once, so `draw` is normally refused.',
  });
