import type { GameState } from '@chickenfoot/rules';

/**
 * The latest state this process has seen of recently played games. A move whose If-Match names the
 * cached version skips reading the game: the conditional append then proves the cache was current
 * (a stale entry only makes the append fail, and the client gets the 412 it would have got anyway).
 * Least recently used entries go first.
 */
export class StateCache {
  readonly #entries = new Map<string, { version: number; state: GameState }>();

  constructor(private readonly capacity: number) {}

  /** The cached state of `gameId` at exactly `version`, if that is what is cached. */
  get(gameId: string, version: number): GameState | null {
    const entry = this.#entries.get(gameId);
    if (!entry || entry.version !== version) return null;
    this.#entries.delete(gameId);
    this.#entries.set(gameId, entry);
    return entry.state;
  }

  /** Remembers a game's state at a version, unless a newer one is cached. */
  set(gameId: string, version: number, state: GameState): void {
    if (this.capacity <= 0) return;
    const current = this.#entries.get(gameId);
    if (current && current.version > version) return;
    this.#entries.delete(gameId);
    this.#entries.set(gameId, { version, state });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  /** Forgets a game (after a lost race, its cached state is stale). */
  delete(gameId: string): void {
    this.#entries.delete(gameId);
  }
}
