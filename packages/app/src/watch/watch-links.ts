import type { EventStore } from '@chickenfoot/store';
import { SnapshotStream } from '../streams/snapshot-stream';

/** One open watch link of a game: who made it (a seat) and when. Its token is derived, never stored. */
export interface WatchLink {
  readonly id: string;
  readonly seat: number;
  readonly createdAt: string;
}

/** The most watch links a game may have open at once. */
export const MAX_WATCH_LINKS = 10;

/**
 * A game's watch links are a small stream of their own beside the game's (its id and ".watch"): each
 * change one commit carrying the open links as its snapshot, so checking a link is one Query, and
 * creating or revoking one never conflicts with a move.
 */
export const watchStream = (gameId: string): string => `${gameId}.watch`;

// Revoked ids are remembered (the newest this many), so a retried creation cannot bring one back.
const REVOKED_KEPT = 200;

/** A game's links: the open ones, and the ids of those revoked. */
export interface WatchState {
  readonly links: readonly WatchLink[];
  readonly revoked: readonly string[];
}

/** The watch links of games: list, create, revoke, check. */
export class WatchLinks {
  readonly #stream: SnapshotStream<WatchState>;

  constructor(store: EventStore) {
    this.#stream = new SnapshotStream<WatchState>(store, { links: [], revoked: [] });
  }

  /** The open links of a game, oldest first (one strongly consistent Query). */
  async list(gameId: string): Promise<WatchState & { version: number }> {
    const { state, version } = await this.#stream.read(watchStream(gameId));
    return { ...state, version };
  }

  /** True while `linkId` is an open link of the game. */
  async isOpen(gameId: string, linkId: string): Promise<boolean> {
    return (await this.list(gameId)).links.some((l) => l.id === linkId);
  }

  /**
   * Applies `change` to the game's open links as one commit, tried again when another change lands
   * first; `change` returns null when nothing is to be written (a link already there), and throws to refuse.
   */
  change(
    gameId: string,
    change: (state: WatchState) => { event: object; state: WatchState } | null,
    meta: { at: Date; by: string },
  ): Promise<WatchState> {
    return this.#stream.change(watchStream(gameId), change, meta, (state) => ({
      links: state.links,
      revoked: state.revoked.slice(-REVOKED_KEPT),
    }));
  }
}
