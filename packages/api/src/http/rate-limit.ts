import { LruMap } from '@chickenfoot/app';

/** How fast one client may call: a burst of `burst` requests, refilled at `perSecond`. */
export interface RateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

/**
 * Token buckets per client key, in this process's memory. A client over its limit is refused before
 * any database work, so a flood costs little and does not slow other games (the API Gateway's
 * throttling bounds the whole API across Lambda containers; this bounds each player).
 * @example if (!limiter.take('player:p_…')) return 429;
 */
export class RateLimiter {
  readonly #buckets: LruMap<string, { tokens: number; at: number }>;
  /** The `RateLimit-Policy` header: the same on every response. */
  readonly policy: string;

  /** `name` is the policy's name in the RateLimit headers (`player`, `registration`). */
  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
    maxKeys = 50_000,
    readonly name = 'player',
  ) {
    this.#buckets = new LruMap(maxKeys);
    // draft-ietf-httpapi-ratelimit-headers: a quota `q` per window `w` (whole seconds). A token bucket
    // is said as its burst per the time it takes to refill it: a burst of 60 at 20/s is q=60;w=3.
    const window = Math.max(1, Math.ceil(limit.burst / limit.perSecond));
    this.policy = `"${name}";q=${Math.floor(limit.burst)};w=${window}`;
  }

  /** Takes one token for `key`: true if allowed, false if the client must wait. */
  take(key: string): boolean {
    const bucket = this.#refilled(key);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Seconds until `key` may try again (at least 1). */
  retryAfter(key: string): number {
    return Math.max(1, this.#untilNext(this.#buckets.get(key)?.tokens ?? this.limit.burst));
  }

  /**
   * The `RateLimit` and `RateLimit-Policy` headers for `key` as it stands (after `take`): `r`, the
   * whole requests left; `t`, the seconds until one more is (0 with a full bucket, and on a refusal
   * the same as Retry-After, as the draft asks).
   * @example c.header('RateLimit', limiter.headers(key).RateLimit);
   */
  headers(key: string): { RateLimit: string; 'RateLimit-Policy': string } {
    const tokens = this.#buckets.get(key)?.tokens ?? this.limit.burst;
    const left = Math.floor(tokens);
    const t = left === 0 ? this.retryAfter(key) : this.#untilNext(tokens);
    return { RateLimit: `"${this.name}";r=${left};t=${t}`, 'RateLimit-Policy': this.policy };
  }

  #refilled(key: string) {
    const now = this.now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    // A clock set back (the machine's can be) refills nothing rather than taking tokens away.
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + (elapsed / 1000) * this.limit.perSecond);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    return bucket;
  }

  /** Whole seconds until a bucket holding `tokens` holds one more whole token (0 when it is full). */
  #untilNext(tokens: number): number {
    if (tokens >= this.limit.burst) return 0;
    const missing = Math.floor(tokens) + 1 - tokens;
    return Math.ceil(missing / this.limit.perSecond);
  }
}
