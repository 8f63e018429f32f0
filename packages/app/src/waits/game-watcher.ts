import type { Store } from '@chickenfoot/store';
import { LongPolls, REVOKED, type Alive } from './long-poll';

/**
 * Long-polls of games' news (`GET …/events?wait=`): one poll loop per game, however many clients
 * wait on it (see `LongPolls`), each player holding a few waits at most.
 */
export class GameWatcher {
  readonly #polls: LongPolls<number>;

  constructor(store: Store, pollMs: number, maxWaitsPerPlayer = 4) {
    this.#polls = new LongPolls(
      async (gameId) => (await store.streams.readLatest(gameId, { snapshot: false }))?.version ?? 0,
      pollMs,
      maxWaitsPerPlayer,
    );
  }

  /**
   * Resolves with the game's version as soon as it passes `after`, or with `after` once `ms` have
   * passed or `signal` aborts (the client went away); with `REVOKED` once `alive` says the
   * credential the wait was made with opens nothing any more.
   */
  async wait(
    gameId: string,
    owner: string,
    after: number,
    ms: number,
    options: { signal?: AbortSignal; alive?: Alive } = {},
  ): Promise<number | typeof REVOKED> {
    const ready = (version: number) => version > after;
    return (await this.#polls.wait(gameId, owner, ms, ready, options.signal, options.alive)) ?? after;
  }

  /** The stream `gameId` was appended to by this process: its waits hear of it now (see `LongPolls.nudge`). */
  nudge(gameId: string): void {
    this.#polls.nudge(gameId);
  }
}
