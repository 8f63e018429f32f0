import type { Context } from 'hono';
import { PROBLEMS, problemType, type ProblemCode, type ProblemExtras } from '../problems';

/**
 * An RFC 9457 `application/problem+json` response.
 * @example return problem(c, 'game/not-found', 'There is no game g_… you are seated in.');
 */
export function problem(
  c: Context,
  code: ProblemCode,
  detail: string,
  extras: ProblemExtras = {},
  headers: Record<string, string> = {},
): Response {
  const { status, title } = PROBLEMS[code];
  const requestId = c.get('requestId') as string | undefined;
  const body = { type: problemType(code), title, status, detail, code, ...(requestId ? { requestId } : {}), ...extras };
  return c.body(JSON.stringify(body), status, { 'content-type': 'application/problem+json', ...headers });
}
