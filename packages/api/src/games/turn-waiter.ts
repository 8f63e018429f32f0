import type { EventStore } from '@chickenfoot/store';

/**
 * Long-polls "is any game waiting for me?" with one poll loop per player, however many of their
 * clients wait: one small Query (their turn entries, limit 1) per interval. Each player may hold
 * only a few waits at once; more return at once.
 */
export class TurnWaiter {
  readonly #players = new Map<string, Set<() => void>>();

  constructor(
    private readonly store: EventStore,
    private readonly pollMs: number,
    private readonly maxWaitsPerPlayer = 4,
  ) {}

  /**
   * Resolves as soon as a game waits for `playerId`'s move (true), or once `ms` have passed or
   * `signal` aborts (false).
   */
  wait(playerId: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    const waiters = this.#players.get(playerId) ?? new Set<() => void>();
    if (ms <= 0 || waiters.size >= this.maxWaitsPerPlayer || signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const done = (found: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        waiters.delete(wake);
        resolve(found);
      };
      const wake = () => done(true);
      const abort = () => done(false);
      const timer = setTimeout(abort, ms);
      signal?.addEventListener('abort', abort);
      waiters.add(wake);
      if (!this.#players.has(playerId)) {
        this.#players.set(playerId, waiters);
        void this.#poll(playerId, waiters);
      }
    });
  }

  async #poll(playerId: string, waiters: Set<() => void>): Promise<void> {
    try {
      while (waiters.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.pollMs));
        if (waiters.size === 0) break;
        // A failed read is retried at the next interval; the waiters' own timers bound the wait.
        const found = await this.store.listPlayerGames(playerId, { myTurn: true, limit: 1 }).then(
          (page) => page.games.length > 0,
          () => false,
        );
        if (found) for (const wake of [...waiters]) wake();
      }
    } finally {
      this.#players.delete(playerId);
    }
  }
}
