// What a problem must not carry: the database's wording, stack traces, file paths.
const INTERNALS = /DynamoDB|Exception\b|\bat [\w.<>]+ \(|node_modules|\.ts:\d+|ECONN/;

/** A response as the suites look at it. */
export interface SeenResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/**
 * What is wrong with an error response, or null when it is a proper RFC 9457 problem: content type
 * `application/problem+json`, and (when the response has a body) `type`, `title`, `status` (equal to
 * the HTTP status), `detail` and `code`, with `type` = `/problems/<code>`.
 * @example expect(problemFault(res)).toBeNull();
 */
export function problemFault(res: SeenResponse, hasBody = true): string | null {
  const contentType = res.headers.get('content-type');
  if (contentType !== 'application/problem+json') return `content-type ${String(contentType)}`;
  if (!hasBody) return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    return `body is not JSON: ${res.text.slice(0, 80)}`;
  }
  for (const field of ['type', 'title', 'detail', 'code'] as const) {
    if (typeof body[field] !== 'string' || (body[field] as string).length === 0) return `no ${field}`;
  }
  if (body.status !== res.status) return `status ${String(body.status)} in a ${res.status}`;
  if (body.type !== `/problems/${String(body.code)}`) return `type ${String(body.type)} for code ${String(body.code)}`;
  if (INTERNALS.test(res.text)) return `internals in the answer: ${res.text.slice(0, 160)}`;
  return null;
}
