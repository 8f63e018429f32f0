import { RateLimitedError } from '../errors';

/** What a wait ended with when the credential it was made with stopped opening anything. */
export const REVOKED: unique symbol = Symbol('revoked');

/** True while the credential a wait was made with still opens what it waits on. */
export type Alive = () => boolean | Promise<boolean>;

interface Waiter<V> {
  readonly ready: (value: V) => boolean;
  readonly resolve: (value: V | null | typeof REVOKED) => void;
  readonly alive: Alive | undefined;
}

/**
 * Long-polls with one poll loop per key, however many clients wait on it: a hundred clients waiting
 * on one game cost one small read per interval, not a hundred. Each owner (a player, a watch link)
 * may hold only a few waits at once; one more is refused (`RateLimitedError`, a 429 with
 * `Retry-After` until the first held wait ends), so a naive client that loops on the answer waits
 * instead of spinning. A failed read is tried again at the next interval; each waiter's own timer
 * bounds its wait.
 * @example const version = await polls.wait(gameId, playerId, 20_000, (v) => v > after, signal);
 */
export class LongPolls<V> {
  readonly #keys = new Map<string, Set<Waiter<V>>>();
  /** Each owner's held waits, by when each ends at the latest (ms, performance.now()). */
  readonly #perOwner = new Map<string, number[]>();
  /** Ends the pause of a key's poll loop at once (see `nudge`). */
  readonly #wakers = new Map<string, () => void>();

  constructor(
    private readonly read: (key: string) => Promise<V>,
    private readonly pollMs: number,
    private readonly maxWaitsPerOwner = 4,
  ) {}

  /**
   * Resolves with the value read for `key` as soon as `ready` says it will do, or with null once `ms`
   * have passed (at once for 0) or `signal` aborts (the client went away); with `REVOKED` as soon as
   * `alive` (asked at every poll) says the credential is gone. Rejects with `RateLimitedError` when
   * the owner already holds its most waits.
   */
  wait(
    key: string,
    owner: string,
    ms: number,
    ready: (value: V) => boolean,
    signal?: AbortSignal,
    alive?: Alive,
  ): Promise<V | null | typeof REVOKED> {
    if (ms <= 0 || signal?.aborted) return Promise.resolve(null);
    const held = this.#perOwner.get(owner) ?? [];
    if (held.length >= this.maxWaitsPerOwner) return Promise.reject(this.#refusal(held));
    const deadline = performance.now() + ms;
    this.#perOwner.set(owner, [...held, deadline]);
    return new Promise<V | null | typeof REVOKED>((resolve) => {
      const waiters = this.#keys.get(key) ?? new Set<Waiter<V>>();
      const done = (value: V | null | typeof REVOKED) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        waiters.delete(waiter);
        this.#release(owner, deadline);
        resolve(value);
      };
      const waiter: Waiter<V> = { ready, resolve: done, alive };
      const abort = () => done(null);
      const timer = setTimeout(abort, ms);
      signal?.addEventListener('abort', abort);
      waiters.add(waiter);
      if (!this.#keys.has(key)) {
        this.#keys.set(key, waiters);
        void this.#poll(key, waiters);
      }
    });
  }

  /**
   * Something changed under `key` in this process (a message posted here): its poll loop reads now
   * instead of at the end of its pause. Waits in other processes hear of it at their next poll.
   */
  nudge(key: string): void {
    this.#wakers.get(key)?.();
  }

  /** One wait of `owner`'s is over: the slot it held is free. */
  #release(owner: string, deadline: number): void {
    const held = this.#perOwner.get(owner) ?? [];
    const at = held.indexOf(deadline);
    const left = at < 0 ? held : [...held.slice(0, at), ...held.slice(at + 1)];
    if (left.length > 0) this.#perOwner.set(owner, left);
    else this.#perOwner.delete(owner);
  }

  /** Why one more wait is refused, and how long until a held one ends at the latest. */
  #refusal(held: readonly number[]): RateLimitedError {
    const seconds = Math.max(1, Math.ceil((Math.min(...held) - performance.now()) / 1000));
    return new RateLimitedError(
      `You already hold ${held.length} waits, the most at once: one more can wait once one of them ends (in ${seconds} s at the latest).`,
      seconds,
    );
  }

  async #poll(key: string, waiters: Set<Waiter<V>>): Promise<void> {
    try {
      while (waiters.size > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.#wakers.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        this.#wakers.delete(key);
        if (waiters.size === 0) break;
        let value: V;
        try {
          value = await this.read(key);
        } catch {
          continue;
        }
        for (const waiter of [...waiters]) {
          if (waiter.ready(value)) waiter.resolve(value);
          else if (
            waiter.alive &&
            !(await Promise.resolve()
              .then(waiter.alive)
              .catch(() => true))
          )
            waiter.resolve(REVOKED);
        }
      }
    } finally {
      this.#keys.delete(key);
      this.#wakers.delete(key);
    }
  }
}
