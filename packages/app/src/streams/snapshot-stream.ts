import { ConcurrencyError, type EventStore } from '@chickenfoot/store';

/**
 * A small stream of its own beside a game or a player (watch links, webhook endpoints): each change
 * one commit carrying the whole state after it as its snapshot, so reading it is one Query and
 * changing it never conflicts with a move. A change that loses a race is decided again on the state
 * the winner left.
 * @example const links = new SnapshotStream(store, { links: [], revoked: [] });
 */
export class SnapshotStream<S extends object> {
  constructor(
    private readonly store: EventStore,
    private readonly empty: S,
    private readonly retries = 5,
  ) {}

  /** The state and its version (0: never changed); strongly consistent unless asked otherwise. */
  async read(streamId: string, options: { consistent?: boolean } = {}): Promise<{ state: S; version: number }> {
    const latest = await this.store.readLatest(streamId, { consistent: options.consistent ?? true });
    return { state: { ...this.empty, ...(latest?.snapshot as Partial<S> | undefined) }, version: latest?.version ?? 0 };
  }

  /**
   * Applies `change` as one commit; `change` returns null when there is nothing to write, and throws
   * to refuse. `keep` trims what the snapshot keeps (the newest of a list that only grows).
   */
  async change(
    streamId: string,
    change: (state: S) => { event: object; state: S } | null,
    meta: { at: Date; by: string },
    keep: (state: S) => S = (state) => state,
  ): Promise<S> {
    for (let attempt = 0; ; attempt++) {
      const { state, version } = await this.read(streamId);
      const next = change(state);
      if (!next) return state;
      const snapshot = keep(next.state);
      try {
        await this.store.append(streamId, version, [next.event], { snapshot, ...meta });
        return snapshot;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= this.retries) throw error;
      }
    }
  }
}
