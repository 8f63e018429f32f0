import type { EventStore } from '@chickenfoot/store';

interface Waiter {
  readonly after: number;
  readonly resolve: (version: number) => void;
}

/**
 * Long-polls with one poll loop per game, however many clients wait on it: a hundred clients waiting
 * on one game cost one small read per interval, not a hundred. Each player may hold only a few waits
 * at once; more return at once.
 */
export class GameWatcher {
  readonly #games = new Map<string, Set<Waiter>>();
  readonly #perPlayer = new Map<string, number>();

  constructor(
    private readonly store: EventStore,
    private readonly pollMs: number,
    private readonly maxWaitsPerPlayer = 4,
  ) {}

  /**
   * Resolves with the game's version as soon as it passes `after`, or with `after` once `ms` have
   * passed or `signal` aborts (the client went away).
   */
  wait(gameId: string, playerId: string, after: number, ms: number, signal?: AbortSignal): Promise<number> {
    const held = this.#perPlayer.get(playerId) ?? 0;
    if (ms <= 0 || held >= this.maxWaitsPerPlayer || signal?.aborted) return Promise.resolve(after);
    this.#perPlayer.set(playerId, held + 1);
    return new Promise<number>((resolve) => {
      const waiters = this.#games.get(gameId) ?? new Set<Waiter>();
      const done = (version: number) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        waiters.delete(waiter);
        const left = (this.#perPlayer.get(playerId) ?? 1) - 1;
        if (left > 0) this.#perPlayer.set(playerId, left);
        else this.#perPlayer.delete(playerId);
        resolve(version);
      };
      const waiter: Waiter = { after, resolve: done };
      const abort = () => done(after);
      const timer = setTimeout(abort, ms);
      signal?.addEventListener('abort', abort);
      waiters.add(waiter);
      if (!this.#games.has(gameId)) {
        this.#games.set(gameId, waiters);
        void this.#poll(gameId, waiters);
      }
    });
  }

  async #poll(gameId: string, waiters: Set<Waiter>): Promise<void> {
    try {
      while (waiters.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.pollMs));
        if (waiters.size === 0) break;
        // A failed read is retried at the next interval; the waiters' own timers bound the wait.
        const version = await this.store.readLatest(gameId, { snapshot: false }).then(
          (c) => c?.version ?? 0,
          () => 0,
        );
        for (const waiter of [...waiters]) if (version > waiter.after) waiter.resolve(version);
      }
    } finally {
      this.#games.delete(gameId);
    }
  }
}
