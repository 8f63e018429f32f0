import { evolve, initialState, type GameEvent, type GameState } from '@chickenfoot/rules';
import type { AppendResult, Commit, EventStore } from '@chickenfoot/store';
import { headOf, turnChange } from './projection';
import { fromSnapshot, toSnapshot } from './snapshot';
import type { Clock } from '../clock';
import { StateCache } from './state-cache';

/** A game as read from the store. */
export interface StoredGame {
  readonly version: number;
  readonly state: GameState;
}

/** What an append records besides the events. */
export interface CommitMeta {
  readonly idempotencyKey: string;
  readonly commandHash: string;
  readonly by: string;
}

/** What a repository is built from. */
export interface GameRepositoryOptions {
  readonly store: EventStore;
  readonly clock: Clock;
  /** How many games' latest states to keep in memory (0 turns the cache off). */
  readonly cacheSize?: number;
}

/**
 * Every this many versions a commit carries the game's state after it (a snapshot). Loading a game
 * reads its newest SNAPSHOT_EVERY commits in one Query (which hold one, or reach back to the first)
 * and folds the few after the snapshot. The other commits then stay under the 1 KB of one write
 * unit (a compressed snapshot is ~0.7 KB) and skip compressing it (~0.1 ms of a move's CPU). Four
 * keeps a load at one read unit (4 KB) throughout a 4-seat double-9 game; with 5, 3% of loads took
 * two, with 8 nearly all. Bigger tables (more seats, bigger sets) may take two now and then.
 */
export const SNAPSHOT_EVERY = 4;

/** Games on the event store: a snapshot every SNAPSHOT_EVERY commits, so loading one is one read. */
export class GameRepository {
  readonly #cache: StateCache;
  readonly #clock: Clock;
  readonly store: EventStore;

  constructor({ store, clock, cacheSize = 1000 }: GameRepositoryOptions) {
    this.store = store;
    this.#clock = clock;
    this.#cache = new StateCache(cacheSize);
  }

  /**
   * The game as a command at `expectedVersion` needs it: this process's cached state when it is at
   * exactly that version (the conditional append then proves it current, so no read is paid),
   * otherwise the newest state from the store. Null when there is no such game.
   */
  async current(gameId: string, expectedVersion: number | null): Promise<StoredGame | null> {
    const cached = expectedVersion === null ? null : this.#cache.get(gameId, expectedVersion);
    if (cached && expectedVersion !== null) return { version: expectedVersion, state: cached };
    return this.load(gameId);
  }

  /** Remembers the state a commit recorded (after a lost answer, the recorded one, not this attempt's). */
  remember(gameId: string, version: number, state: GameState | null): void {
    if (state) this.#cache.set(gameId, version, state);
    else this.#cache.delete(gameId);
  }

  /** Forgets what this process cached of a game (after a lost race it is stale). */
  forget(gameId: string): void {
    this.#cache.delete(gameId);
  }

  /** The newest state of a game (one strongly consistent Query), or null when there is no such game. */
  async load(gameId: string): Promise<StoredGame | null> {
    const recent = await this.store.readRecent(gameId, { count: SNAPSHOT_EVERY });
    const latest = recent.at(-1);
    if (!latest) return null;
    const state = await this.#fold(gameId, recent);
    this.#cache.set(gameId, latest.version, state);
    return { version: latest.version, state };
  }

  /** The state a commit left the game in: its own snapshot, or a fold from the one before it. */
  async stateAt(commit: Commit): Promise<GameState> {
    const state = fromSnapshot(commit.snapshot);
    if (state) return state;
    return this.#fold(
      commit.gameId,
      await this.store.readRecent(commit.gameId, { count: SNAPSHOT_EVERY, upTo: commit.version }),
    );
  }

  /**
   * The state after the last of `recent` (consecutive commits, oldest first): the newest snapshot
   * among them with the later commits' events folded on, or the fold of all of them when they start
   * the stream. Failing both (snapshots of an older format), the fold of the whole stream up to there.
   */
  async #fold(gameId: string, recent: readonly Commit[]): Promise<GameState> {
    const last = recent.at(-1)?.version ?? 0;
    let base: { state: GameState; from: number } | null =
      recent[0]?.version === 1 ? { state: initialState(), from: 0 } : null;
    for (let i = recent.length - 1; i >= 0; i--) {
      const state = fromSnapshot(recent[i]?.snapshot);
      if (state) {
        base = { state, from: i + 1 };
        break;
      }
    }
    const commits = base
      ? recent.slice(base.from)
      : (await this.store.readAll(gameId)).filter((c) => c.version <= last);
    return commits.flatMap((c) => c.events as GameEvent[]).reduce(evolve, base?.state ?? initialState());
  }

  /**
   * Appends the events of one command, which took the game from `before` to `after` (see
   * `EventStore.append`): one write, and when the awaited player changed, their turn entries.
   */
  async append(
    gameId: string,
    expectedVersion: number,
    events: readonly GameEvent[],
    states: { readonly before: GameState; readonly after: GameState },
    meta: CommitMeta,
  ): Promise<AppendResult> {
    const at = new Date(this.#clock());
    const version = expectedVersion + 1;
    const change = turnChange(states.before, states.after);
    const snapshot = version % SNAPSHOT_EVERY === 0 ? toSnapshot(states.after) : null;
    const result = await this.store.append(gameId, expectedVersion, events, {
      at,
      ...(change ? { turn: { ...change, head: headOf(states.after, version, at.toISOString()) } } : {}),
      ...(snapshot ? { snapshot } : {}),
      idempotencyKey: meta.idempotencyKey,
      commandHash: meta.commandHash,
      by: meta.by,
    });
    if (!result.replayed) this.#cache.set(gameId, result.commit.version, states.after);
    return result;
  }
}
