import { LruMap } from '../lru-map';
import type { Folded } from './snapshots/snapshot';

/**
 * The latest state this process has seen of recently played games. A move whose If-Match names the
 * cached version skips reading the game: the conditional append then proves the cache was current
 * (a stale entry only makes the append fail, and the client gets the 412 it would have got anyway).
 * Least recently used entries go first.
 */
export class StateCache {
  readonly #entries: LruMap<string, { version: number; game: Folded }>;

  constructor(capacity: number) {
    this.#entries = new LruMap(capacity);
  }

  /** The cached state of `gameId` (and when its turn began) at exactly `version`, if that is what is cached. */
  get(gameId: string, version: number): Folded | null {
    const entry = this.#entries.get(gameId);
    return entry?.version === version ? entry.game : null;
  }

  /** Remembers a game's state at a version, unless a newer one is cached. */
  set(gameId: string, version: number, game: Folded): void {
    const current = this.#entries.get(gameId);
    if (current && current.version > version) return;
    this.#entries.set(gameId, { version, game });
  }

  /** Forgets a game (after a lost race, its cached state is stale). */
  delete(gameId: string): void {
    this.#entries.delete(gameId);
  }
}
