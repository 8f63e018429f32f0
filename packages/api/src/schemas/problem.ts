import { z } from '@hono/zod-openapi';
import { PROBLEMS, problemType, type ProblemCode } from '../problems';

const CODES = Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]];

/** The members every problem has; `code` and `type` are narrowed per response. */
const problemMembers = (codes: readonly [ProblemCode, ...ProblemCode[]], status?: number) => ({
  type: z.enum(codes.map(problemType) as [string, ...string[]]).openapi({
    description: 'Identifies the kind of problem: `/problems/` and the code. Stable, one per code.',
    example: problemType(codes[0]),
  }),
  title: z.string().openapi({ example: PROBLEMS[codes[0]].title }),
  status: (status === undefined
    ? z.number().int()
    : z.literal(status).openapi({ type: 'integer', enum: [status] })
  ).openapi({
    description: 'The HTTP status, repeated.',
    example: status ?? 422,
  }),
  detail: z.string().openapi({ description: 'What happened, for a person.', example: 'It is not your turn.' }),
  code: z.enum(codes).openapi({ description: 'The problem code: what a client branches on.', example: codes[0] }),
  requestId: z.string().openapi({ description: 'Quote it when reporting a problem.' }),
  currentVersion: z.number().int().optional().openapi({
    description:
      'With `request/version-mismatch`, `game/turn-timed-out` and `request/version-ahead`: the game version to go on from.',
  }),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .openapi({ description: 'With `request/invalid`: what is wrong with the request, field by field.' }),
});

/** An RFC 9457 problem document: every error this API returns, with any of its codes. */
export const ProblemSchema = z.object(problemMembers(CODES)).openapi('Problem', {
  description: 'An RFC 9457 problem document (`application/problem+json`), as every error of this API is.',
});

/**
 * The problem documents one response of one operation can be: `status` fixed, `code` (and `type`)
 * one of exactly the codes given, so a generated client gets a union type to branch on.
 * @example problemSchema('MakeMoveProblem422', 422, ['rules/not-your-turn', …])
 */
export function problemSchema(name: string, status: number, codes: readonly [ProblemCode, ...ProblemCode[]]) {
  const { type, status: fixed, code } = problemMembers(codes, status);
  // `allOf` the Problem and its narrowed members: generators make it `Problem & { code: 'a' | 'b' }`.
  return z.intersection(ProblemSchema, z.object({ type, status: fixed, code })).openapi(name, {
    description: `A ${status} problem: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
  });
}
