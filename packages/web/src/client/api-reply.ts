/**
 * How the page's Api reads a reply: a refusal as an ApiError (problem+json), a change's Idempotency-Key,
 * and the one safe retry of a change. Apart from api.ts so that the Api class is only the calls.
 */

/** A refusal or failure as the API words it (problem+json): `detail` is the sentence for a person. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly retryAfter: number | null = null,
  ) {
    super(detail);
  }
}

/** The problem+json of a failed reply as an ApiError (or a generic one when the body is something else). */
export function failure(response: Response, error: unknown): ApiError {
  const problem = (error ?? {}) as { code?: string; detail?: string };
  const retry = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    problem.code ?? `http/${response.status}`,
    problem.detail ?? `The server answered ${response.status}.`,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

/** A fresh Idempotency-Key: one per intended change, reused when that change is retried. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a change once more, with the same key, when the network failed or the API said 503: the key
 * makes sure it is applied at most once. Any other answer is final.
 */
async function retried<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const again = error instanceof TypeError || (error instanceof ApiError && error.status === 503);
    if (!again) throw error;
    await sleep(error instanceof ApiError && error.retryAfter ? error.retryAfter * 1000 : 1000);
    return send();
  }
}

/** What an openapi-fetch call resolves to, the parts read here. */
type Reply<T> = { data?: T; error?: unknown; response: Response };

/** A reply's data (none for a 204), or its problem as an ApiError. */
export async function dataOf<T>(reply: Promise<Reply<T>>): Promise<T> {
  const { data, error, response } = await reply;
  if (!response.ok) throw failure(response, error);
  return data as T;
}

/** A change: sent with a fresh Idempotency-Key, and again with the same key when that is safe (`retried`). */
export function changed<T>(send: (key: string) => Promise<Reply<T>>): Promise<T> {
  const key = newKey();
  return retried(() => dataOf(send(key)));
}
