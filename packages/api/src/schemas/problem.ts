import { z } from '@hono/zod-openapi';
import { PROBLEMS, type ProblemCode } from '../problems';

const CODES = Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]];

/**
 * An RFC 9457 problem document: every error this API returns, with any of its codes. Each operation's
 * responses narrow `code` to the codes of their status (see contract/problem-responses.ts), so a
 * generated client types one union per status; this is the one shape they all share.
 */
export const ProblemSchema = z
  .object({
    type: z
      .string()
      .regex(/^\/problems\/[a-z]+\/[a-z-]+$/)
      .openapi({
        format: 'uri-reference',
        description:
          'A link to the page that explains the problem in words (what happened, what to do): `/problems/` and the `code`, relative to the API’s origin (`GET` it; a browser gets HTML). Stable, one per code.',
        example: '/problems/rules/not-your-turn',
      }),
    title: z.string().openapi({
      description: 'A short summary of the code, the same for every problem of that code. Do not branch on it.',
      example: 'Not your turn',
    }),
    status: z.number().int().openapi({
      description: 'The HTTP status of the response, repeated for whoever logs the body alone.',
      example: 422,
    }),
    detail: z.string().openapi({
      description: 'What happened this time, for a person: may name values from the request. Do not parse it.',
      example: 'Seat 1 is to play, not seat 0.',
    }),
    code: z.enum(CODES).openapi({
      description:
        'The problem code: what a client branches on. Each operation documents the codes it can answer with, per status. New codes may be added (see the CHANGELOG): treat an unknown one by its status.',
      example: 'rules/not-your-turn',
    }),
    requestId: z.string().openapi({
      description: 'The request id, as in the `X-Request-Id` header: quote it when reporting a problem.',
      example: 'b3a1c9e2-6f0d-4f1e-9d57-3d8f4f2a9b10',
    }),
    currentVersion: z.number().int().min(0).optional().openapi({
      description:
        'With `request/version-mismatch`, `game/turn-timed-out` and `request/version-ahead` (always): the current version of the game (or of your account), to fetch and decide again from.',
      example: 12,
    }),
    issues: z
      .array(
        z.object({
          path: z.string().openapi({
            description: 'Where: `body.`, `query.`, `params.` or `header.` and the field’s path.',
            example: 'body.rules.set',
          }),
          message: z.string().openapi({
            description: 'What is wrong with it, for a person.',
            example: 'must be one of 6, 9, 12, 15, not 7',
          }),
        }),
      )
      .optional()
      .openapi({ description: 'With `request/invalid`: what is wrong with the request, field by field (up to 20).' }),
  })
  .openapi('Problem', {
    description:
      'An RFC 9457 problem document (`application/problem+json`), as every error of this API is. Branch on `code`; show `detail`; quote `requestId`.',
  });
