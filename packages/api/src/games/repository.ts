import { evolve, initialState, type GameEvent, type GameState } from '@chickenfoot/rules';
import type { AppendResult, Commit, EventStore } from '@chickenfoot/store';
import { projectionOf } from './projection';
import { fromSnapshot, toSnapshot } from './snapshot';
import { StateCache } from './state-cache';

/** A game as read from the store. */
export interface StoredGame {
  readonly version: number;
  readonly state: GameState;
}

/** What an append records besides the events. */
export interface CommitMeta {
  readonly idempotencyKey?: string;
  readonly commandHash: string;
  readonly by: string;
}

/** Games on the event store: each commit carries the state after it, so loading one is one read. */
export class GameRepository {
  readonly cache: StateCache;

  constructor(
    readonly store: EventStore,
    cacheSize = 1000,
  ) {
    this.cache = new StateCache(cacheSize);
  }

  /** The newest state of a game (one strongly consistent Query), or null when there is no such game. */
  async load(gameId: string): Promise<StoredGame | null> {
    const latest = await this.store.readLatest(gameId);
    if (!latest) return null;
    const state = await this.stateAt(latest);
    this.cache.set(gameId, latest.version, state);
    return { version: latest.version, state };
  }

  /** The state a commit left the game in: its snapshot, or (for an old snapshot format) the fold of its stream. */
  async stateAt(commit: Commit): Promise<GameState> {
    const state = fromSnapshot(commit.snapshot);
    if (state) return state;
    const commits = await this.store.readAll(commit.gameId);
    return commits
      .filter((c) => c.version <= commit.version)
      .flatMap((c) => c.events as GameEvent[])
      .reduce(evolve, initialState());
  }

  /** Appends the events of one command with the state they lead to (see `EventStore.append`). */
  async append(gameId: string, expectedVersion: number, events: readonly GameEvent[], state: GameState, meta: CommitMeta): Promise<AppendResult> {
    const at = new Date();
    // The game's head rides in the commit, and the "awaiting" item (the my-turn lists) is written in
    // parallel with it: a move costs two writes and one round trip.
    const { head, awaiting } = projectionOf(state, expectedVersion + 1, at.toISOString());
    const result = await this.store.append(gameId, expectedVersion, events, {
      at,
      head,
      awaiting,
      snapshot: toSnapshot(state),
      commandHash: meta.commandHash,
      by: meta.by,
      ...(meta.idempotencyKey ? { idempotencyKey: meta.idempotencyKey } : {}),
    });
    if (!result.replayed) this.cache.set(gameId, result.commit.version, state);
    return result;
  }
}
