import { LruMap } from './lru-map';

/** How fast one client may act: a burst of `burst`, refilled at `perSecond`. */
export interface RateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

/**
 * Token buckets per key, in this process's memory: a key over its limit is refused before any
 * database work. Bounded: the least recently used keys are forgotten first (and start full again).
 * @example if (!buckets.take(`${playerId}:${gameId}`)) throw new RateLimitedError('…', buckets.retryAfter(key));
 */
export class TokenBuckets {
  readonly #buckets: LruMap<string, { tokens: number; at: number }>;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
    maxKeys = 50_000,
  ) {
    this.#buckets = new LruMap(maxKeys);
  }

  /** Takes one token for `key`: true if allowed, false if it must wait. */
  take(key: string): boolean {
    const bucket = this.#refilled(key);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Gives back the token a request took when it turned out to cost nothing (a retry answered as recorded). */
  giveBack(key: string): void {
    const bucket = this.#refilled(key);
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + 1);
  }

  /** The tokens `key` holds as it stands (a full bucket for a key never seen). */
  tokens(key: string): number {
    return this.#buckets.get(key)?.tokens ?? this.limit.burst;
  }

  /** Seconds until `key` may try again (at least 1). */
  retryAfter(key: string): number {
    return Math.max(1, this.untilNext(this.tokens(key)));
  }

  /** Whole seconds until a bucket holding `tokens` holds one more whole token (0 when it is full). */
  untilNext(tokens: number): number {
    if (tokens >= this.limit.burst) return 0;
    const missing = Math.floor(tokens) + 1 - tokens;
    return Math.ceil(missing / this.limit.perSecond);
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
}
