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
 * may hold only a few waits at once; more return at once. A failed read is tried again at the next
 * interval; each waiter's own timer bounds its wait.
 * @example const version = await polls.wait(gameId, playerId, 20_000, (v) => v > after, signal);
 */
export class LongPolls<V> {
  readonly #keys = new Map<string, Set<Waiter<V>>>();
  readonly #perOwner = new Map<string, number>();
  /** Ends the pause of a key's poll loop at once (see `nudge`). */
  readonly #wakers = new Map<string, () => void>();

  constructor(
    private readonly read: (key: string) => Promise<V>,
    private readonly pollMs: number,
    private readonly maxWaitsPerOwner = 4,
  ) {}

  /**
   * Resolves with the value read for `key` as soon as `ready` says it will do, or with null once `ms`
   * have passed, `signal` aborts (the client went away), or the owner already holds its most waits;
   * with `REVOKED` as soon as `alive` (asked at every poll) says the credential is gone.
   */
  wait(
    key: string,
    owner: string,
    ms: number,
    ready: (value: V) => boolean,
    signal?: AbortSignal,
    alive?: Alive,
  ): Promise<V | null | typeof REVOKED> {
    const held = this.#perOwner.get(owner) ?? 0;
    if (ms <= 0 || held >= this.maxWaitsPerOwner || signal?.aborted) return Promise.resolve(null);
    this.#perOwner.set(owner, held + 1);
    return new Promise<V | null | typeof REVOKED>((resolve) => {
      const waiters = this.#keys.get(key) ?? new Set<Waiter<V>>();
      const done = (value: V | null | typeof REVOKED) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        waiters.delete(waiter);
        const left = (this.#perOwner.get(owner) ?? 1) - 1;
        if (left > 0) this.#perOwner.set(owner, left);
        else this.#perOwner.delete(owner);
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
