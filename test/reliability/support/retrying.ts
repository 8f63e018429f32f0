import type { TestResponse } from '@chickenfoot/api/testing';

/** What a retrying client saw. */
export interface RetryStats {
  /** 503 answers (each carried Retry-After, or it is listed in `unexpected`). */
  unavailable: number;
  /** Requests sent again: after a 503, or after the request itself failed. */
  retries: number;
  /** Intents given up after a 503 (a client that crashed and later decided afresh). */
  abandoned: number;
  /** Answers no client should ever get under faults: 500s, a 503 without Retry-After, thrown errors. */
  unexpected: string[];
}

/** A new, empty tally. */
export const retryStats = (): RetryStats => ({ unavailable: 0, retries: 0, abandoned: 0, unexpected: [] });

/** How a client retries. */
export interface RetryPolicy {
  readonly stats: RetryStats;
  /** Milliseconds to wait per second of Retry-After (1000 in real life; a test waits far less). */
  readonly msPerRetryAfterSecond: number;
  /** Gives up after this many attempts of one intent. */
  readonly maxAttempts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one intent until it gets an answer that is not 503, as a well-behaved client does: `send`
 * repeats the very same request (same Idempotency-Key, same If-Match) every time, and after a 503
 * it waits as Retry-After says (scaled). `giveUp` may abandon the intent after a 503 (the answer
 * is then null): the caller re-reads and decides again, as a client that crashed would.
 * @example const res = await untilAnswered(policy, () => api.move(token, id, move, version, key));
 */
export async function untilAnswered(
  policy: RetryPolicy,
  send: () => Promise<TestResponse>,
  giveUp: () => boolean = () => false,
): Promise<TestResponse | null> {
  const { stats } = policy;
  for (let attempt = 1; ; attempt++) {
    let res: TestResponse;
    try {
      res = await send();
    } catch (error) {
      stats.unexpected.push(`thrown: ${String(error)}`);
      throw error;
    }
    if (res.status !== 503) {
      if (res.status >= 500) stats.unexpected.push(`${res.status}: ${res.text.slice(0, 300)}`);
      return res;
    }
    stats.unavailable++;
    const retryAfter = Number(res.headers.get('retry-after'));
    if (!Number.isFinite(retryAfter) || retryAfter <= 0)
      stats.unexpected.push(`503 without Retry-After: ${res.text.slice(0, 200)}`);
    if (attempt >= policy.maxAttempts) throw new Error(`still 503 after ${attempt} attempts: ${res.text}`);
    if (giveUp()) {
      stats.abandoned++;
      return null;
    }
    stats.retries++;
    await sleep(Math.max(1, retryAfter) * policy.msPerRetryAfterSecond);
  }
}
