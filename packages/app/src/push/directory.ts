import type { Clock } from '../clock';
import { LruMap } from '../lru-map';
import type { StoredSubscription } from './subscription-decider';
import type { PushSubscriptions } from './subscriptions';

/**
 * Whose browsers want what, as this process last read it, for at most `ttlMs` (default 15 s), as
 * `WebhookDirectory` is for endpoints: the move path asks whether a commit's notifications are wanted
 * by any device, and a player with none must not cost a read on every move in their games.
 */
export class PushDirectory {
  readonly #cache = new LruMap<string, { at: number; subscriptions: readonly StoredSubscription[] }>(10_000);

  constructor(
    private readonly subscriptions: PushSubscriptions,
    private readonly clock: Clock,
    private readonly ttlMs = 15_000,
  ) {}

  /** A player's subscriptions (an eventually consistent read, at most one per player per `ttlMs`). */
  async subscriptionsOf(playerId: string): Promise<readonly StoredSubscription[]> {
    const now = this.clock();
    const cached = this.#cache.get(playerId);
    if (cached && now - cached.at < this.ttlMs) return cached.subscriptions;
    const { subscriptions } = await this.subscriptions.read(playerId, { consistent: false });
    this.#cache.set(playerId, { at: now, subscriptions });
    return subscriptions;
  }

  /**
   * A player's subscriptions as they are now (a strongly consistent read, remembered): for what is
   * about to be sent, so that a device removed a moment ago (its owner, a sign-out, a deleted
   * account), on any server, gets nothing more, never one push 15 s later (as `endpointsNow` for webhooks).
   */
  async subscriptionsNow(playerId: string): Promise<readonly StoredSubscription[]> {
    const { subscriptions } = await this.subscriptions.read(playerId, { consistent: true });
    this.#cache.set(playerId, { at: this.clock(), subscriptions });
    return subscriptions;
  }

  /** What this process knows of a player's subscriptions after changing them itself. */
  remember(playerId: string, subscriptions: readonly StoredSubscription[]): void {
    this.#cache.set(playerId, { at: this.clock(), subscriptions });
  }
}
