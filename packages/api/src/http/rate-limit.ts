import { LruMap } from '../lru-map';

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

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
    maxKeys = 50_000,
  ) {
    this.#buckets = new LruMap(maxKeys);
  }

  /** Takes one token for `key`: true if allowed, false if the client must wait. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    // A clock set back (the machine's can be) refills nothing rather than taking tokens away.
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + (elapsed / 1000) * this.limit.perSecond);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Seconds until `key` may try again (at least 1). */
  retryAfter(key: string): number {
    const bucket = this.#buckets.get(key);
    const missing = 1 - (bucket?.tokens ?? 1);
    return Math.max(1, Math.ceil(missing / this.limit.perSecond));
  }
}
