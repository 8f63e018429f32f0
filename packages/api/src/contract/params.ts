import { z } from '@hono/zod-openapi';
import { GameIdSchema } from '../schemas/common';

/** The path parameters of every route under `/v1/games/{id}`. */
export const gameIdParams = z.object({ id: GameIdSchema });

/**
 * An optional whole-number query parameter within bounds (`after`, `wait`, …): query strings are text,
 * so it is coerced, and documented as the integer it is.
 * @example const query = z.object({ after: wholeNumberQuery('The version you have', 0, 1e9) });
 */
export const wholeNumberQuery = (description: string, min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .optional()
    .openapi({ type: 'integer', minimum: min, maximum: max, description });
