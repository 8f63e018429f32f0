import { TokenBuckets, type RateLimit } from '@chickenfoot/app';

export type { RateLimit } from '@chickenfoot/app';

/**
 * Token buckets per client key, in this process's memory (the app's `TokenBuckets`), said in the
 * RateLimit headers. A client over its limit is refused before any database work, so a flood costs
 * little and does not slow other games (the API Gateway's throttling bounds the whole API across
 * Lambda containers; this bounds each player).
 * @example if (!limiter.take('player:p_…')) return 429;
 */
export class RateLimiter {
  readonly #buckets: TokenBuckets;
  /** The `RateLimit-Policy` header: the same on every response. */
  readonly policy: string;

  /** `name` is the policy's name in the RateLimit headers (`player`, `registration`). */
  constructor(
    limit: RateLimit,
    now: () => number = () => performance.now(),
    maxKeys = 50_000,
    readonly name = 'player',
  ) {
    this.#buckets = new TokenBuckets(limit, now, maxKeys);
    // draft-ietf-httpapi-ratelimit-headers: a quota `q` per window `w` (whole seconds). A token bucket
    // is said as its burst per the time it takes to refill it: a burst of 60 at 20/s is q=60;w=3.
    const window = Math.max(1, Math.ceil(limit.burst / limit.perSecond));
    this.policy = `"${name}";q=${Math.floor(limit.burst)};w=${window}`;
  }

  /** Takes one token for `key`: true if allowed, false if the client must wait. */
  take(key: string): boolean {
    return this.#buckets.take(key);
  }

  /** Seconds until `key` may try again (at least 1). */
  retryAfter(key: string): number {
    return this.#buckets.retryAfter(key);
  }

  /**
   * The `RateLimit` and `RateLimit-Policy` headers for `key` as it stands (after `take`): `r`, the
   * whole requests left; `t`, the seconds until one more is (0 with a full bucket, and on a refusal
   * the same as Retry-After, as the draft asks).
   * @example c.header('RateLimit', limiter.headers(key).RateLimit);
   */
  headers(key: string): { RateLimit: string; 'RateLimit-Policy': string } {
    const tokens = this.#buckets.tokens(key);
    const left = Math.floor(tokens);
    const t = left === 0 ? this.retryAfter(key) : this.#buckets.untilNext(tokens);
    return { RateLimit: `"${this.name}";r=${left};t=${t}`, 'RateLimit-Policy': this.policy };
  }
}
