import type { Clock } from '../clock';
import { LruMap } from '../lru-map';
import type { PlayerRecord, PlayerRepository, StoredPlayer } from './repository';
import { isOpen } from './record';

/**
 * How long this process trusts what it read of an account (its open sessions, its name), in ms: a
 * token revoked, or an account deleted, on another server is refused here at most this long after.
 * On the server that made the change it is refused at once (the change is remembered as made).
 */
export const ACCOUNT_STALENESS_MS = 15_000;

interface Cached {
  readonly stored: StoredPlayer | null;
  readonly until: number;
}

/**
 * The accounts this process has read lately, each trusted for `ACCOUNT_STALENESS_MS`: so checking
 * that a token's session is still open costs one strongly consistent read per player per 15 s at
 * most, not one per request (a hit is a map lookup). Bounded; the least recently used go first.
 */
export class AccountCache {
  readonly #entries: LruMap<string, Cached>;

  constructor(
    private readonly players: PlayerRepository,
    private readonly clock: Clock,
    private readonly stalenessMs = ACCOUNT_STALENESS_MS,
    maxEntries = 10_000,
  ) {
    this.#entries = new LruMap(maxEntries);
  }

  /** The account as last read (within the staleness bound), or read now; null when there is none. */
  async get(playerId: string): Promise<StoredPlayer | null> {
    const cached = this.#entries.get(playerId);
    if (cached && cached.until > this.clock()) return cached.stored;
    const stored = await this.players.load(playerId);
    this.#entries.set(playerId, { stored, until: this.clock() + this.stalenessMs });
    return stored;
  }

  /** True while a token of `sessionId` (null: legacy) opens the account. */
  async isOpen(playerId: string, sessionId: string | null): Promise<boolean> {
    return isOpen((await this.get(playerId))?.record ?? null, sessionId);
  }

  /** Remembers an account as this process just changed it, so the change holds here at once. */
  remember(stored: StoredPlayer): void {
    const current = this.#entries.get(stored.record.id);
    if (current?.stored && current.stored.version > stored.version) return;
    this.#entries.set(stored.record.id, { stored, until: this.clock() + this.stalenessMs });
  }

  /** The record of an account (within the staleness bound), or null. */
  async record(playerId: string): Promise<PlayerRecord | null> {
    return (await this.get(playerId))?.record ?? null;
  }
}
