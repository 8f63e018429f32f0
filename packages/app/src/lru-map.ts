/**
 * A map that keeps at most `capacity` entries, dropping the least recently used: what this process
 * remembers per game, player or token (states, rate buckets, verified tokens) stays bounded.
 * @example const seen = new LruMap<string, number>(2); seen.set('a', 1); seen.set('b', 2); seen.get('a'); seen.set('c', 3); // 'b' is gone
 */
export class LruMap<K, V> {
  // A Map iterates in insertion order: re-inserting an entry on use keeps the least recent first.
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  /** The value for `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Stores `value` as the most recently used, dropping the least recently used past `capacity`. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
