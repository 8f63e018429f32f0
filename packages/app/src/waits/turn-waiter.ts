import type { Store } from '@chickenfoot/store';
import { LongPolls, REVOKED, type Alive } from './long-poll';

/**
 * Long-polls "is any game waiting for me?" (`GET /v1/me/games?turn=mine&wait=`): one poll loop per
 * player, however many of their clients wait (see `LongPolls`): one small Query (their turn
 * entries, limit 1) per interval, a few waits a player at most.
 */
export class TurnWaiter {
  readonly #polls: LongPolls<boolean>;

  constructor(store: Store, pollMs: number, maxWaitsPerPlayer = 4) {
    this.#polls = new LongPolls(
      async (playerId) => (await store.playerGames.list(playerId, { myTurn: true, limit: 1 })).games.length > 0,
      pollMs,
      maxWaitsPerPlayer,
    );
  }

  /**
   * Resolves as soon as a game waits for `playerId`'s move (true), or once `ms` have passed or
   * `signal` aborts (false); with `REVOKED` once `alive` says the token waiting opens nothing.
   */
  async wait(
    playerId: string,
    ms: number,
    options: { signal?: AbortSignal; alive?: Alive } = {},
  ): Promise<boolean | typeof REVOKED> {
    const found = await this.#polls.wait(playerId, playerId, ms, (yes) => yes, options.signal, options.alive);
    return found === REVOKED ? found : found === true;
  }
}
