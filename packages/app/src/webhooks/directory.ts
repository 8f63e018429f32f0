import type { Clock } from '../clock';
import { LruMap } from '../lru-map';
import { type StoredEndpoint, type WebhookEndpoints } from './endpoints';

/**
 * Whose endpoints want what, as this process last read them, for at most `ttlMs` (default 15 s):
 * the move path asks it whether a commit's notifications are wanted by anyone, and a player with
 * no endpoints must not cost a read on every move made in their games. A new endpoint receives the
 * notifications of moves made from at most that long after it was created (on the server that made
 * it, at once).
 */
export class WebhookDirectory {
  readonly #cache = new LruMap<string, { at: number; endpoints: readonly StoredEndpoint[] }>(10_000);

  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly clock: Clock,
    private readonly ttlMs = 15_000,
  ) {}

  /** A player's endpoints (an eventually consistent read, at most one per player per `ttlMs`). */
  async endpointsOf(playerId: string): Promise<readonly StoredEndpoint[]> {
    const now = this.clock();
    const cached = this.#cache.get(playerId);
    if (cached && now - cached.at < this.ttlMs) return cached.endpoints;
    const { endpoints } = await this.endpoints.read(playerId, { consistent: false });
    this.#cache.set(playerId, { at: now, endpoints });
    return endpoints;
  }

  /**
   * A player's endpoints as they are now (a strongly consistent read, remembered): for what is about
   * to be sent, so that a secret rotated or an endpoint deleted a moment ago, on any server, is
   * honoured by the very next delivery, never by one 15 s later.
   */
  async endpointsNow(playerId: string): Promise<readonly StoredEndpoint[]> {
    const { endpoints } = await this.endpoints.read(playerId, { consistent: true });
    this.#cache.set(playerId, { at: this.clock(), endpoints });
    return endpoints;
  }

  /** What this process knows of a player's endpoints after changing them itself. */
  remember(playerId: string, endpoints: readonly StoredEndpoint[]): void {
    this.#cache.set(playerId, { at: this.clock(), endpoints });
  }
}
