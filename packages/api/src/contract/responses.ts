import { z } from '@hono/zod-openapi';
import { ProblemSchema } from '../schemas/common';
import { PROBLEMS, problemType, type ProblemCode } from '../problems';

/** JSON content of a schema, for request bodies and responses. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** Bearer-token security, as every route but registration and the docs requires. */
export const bearer = [{ bearerAuth: [] }];

/**
 * The problem responses a route documents: one entry per status, listing the codes it may carry.
 * @example responses: { 200: …, ...problems('auth/unauthenticated', 'game/not-found') }
 */
export function problems(...codes: ProblemCode[]) {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of [
    'request/invalid',
    'request/too-many-requests',
    'service/unavailable',
    'service/error',
    ...codes,
  ] as ProblemCode[]) {
    const status = PROBLEMS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: `Problem: ${list.map((c) => `\`${c}\``).join(', ')}.`,
        content: {
          'application/problem+json': {
            schema: ProblemSchema,
            example: {
              type: problemType(list[0] as ProblemCode),
              title: PROBLEMS[list[0] as ProblemCode].title,
              status,
              detail: '…',
              code: list[0],
            },
          },
        },
        ...(status === 503
          ? {
              headers: {
                'Retry-After': {
                  description: 'Seconds to wait before retrying.',
                  schema: { type: 'integer' as const },
                },
              },
            }
          : {}),
      },
    ]),
  );
}
