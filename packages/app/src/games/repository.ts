import { evolve, initialState, type GameEvent, type GameState } from '@chickenfoot/rules';
import type {
  AppendResult,
  CommandIdentity,
  Commit,
  CommitPage,
  EventStreams,
  Store,
  ReadAfterOptions,
  ReadRecentOptions,
  RecordedAt,
} from '@chickenfoot/store';
import type { NotificationPlan } from '../webhooks/commit-notifier';
import { NOTIFY } from '../webhooks/commit-notifier';
import { turnWrite } from './projection';
import { fromSnapshot, toSnapshot, type Folded } from './snapshots/snapshot';
import { sinceAfter } from './turn-clock';
import { StateCache } from './state-cache';

/** A game as read from the store: its state at a version, and since when the turn in play has waited. */
export interface StoredGame extends Folded {
  readonly version: number;
}

/** What an append records besides the events. */
export interface CommitMeta {
  readonly idempotencyKey: string;
  readonly commandHash: string;
  readonly by: string;
}

/** What one command did to a game: the states before and after, since when each turn waited, and when. */
export interface Transition {
  readonly before: GameState;
  readonly after: GameState;
  /** Since when the turn before the command waited (ISO 8601), or null. */
  readonly since: string | null;
  /** Since when the turn after it waits (see `sinceAfter`), or null. */
  readonly sinceAfter: string | null;
  /** The commit's time. */
  readonly at: Date;
}

/** What a repository is built from. */
export interface GameRepositoryOptions {
  readonly store: Store;
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

/**
 * Games on the event store, which only it reads and writes: a snapshot every SNAPSHOT_EVERY commits,
 * so loading one is one read, and this process's newest states cached.
 */
export class GameRepository {
  readonly #cache: StateCache;
  readonly #streams: EventStreams<GameEvent>;

  constructor({ store, cacheSize = 1000 }: GameRepositoryOptions) {
    this.#streams = store.streamsOf<GameEvent>();
    this.#cache = new StateCache(cacheSize);
  }

  /**
   * The game as a command at `expectedVersion` needs it: this process's cached state when it is at
   * exactly that version (the conditional append then proves it current, so no read is paid),
   * otherwise the newest state from the store. Null when there is no such game.
   */
  async current(gameId: string, expectedVersion: number | null): Promise<StoredGame | null> {
    const cached = expectedVersion === null ? null : this.#cache.get(gameId, expectedVersion);
    if (cached && expectedVersion !== null) return { version: expectedVersion, ...cached };
    return this.load(gameId);
  }

  /** Remembers the state a commit recorded (after a lost answer, the recorded one, not this attempt's). */
  remember(gameId: string, version: number, game: Folded | null): void {
    if (game) this.#cache.set(gameId, version, game);
    else this.#cache.delete(gameId);
  }

  /** Forgets what this process cached of a game (after a lost race it is stale). */
  forget(gameId: string): void {
    this.#cache.delete(gameId);
  }

  /** The newest state of a game (one strongly consistent Query), or null when there is no such game. */
  async load(gameId: string): Promise<StoredGame | null> {
    const recent = await this.#streams.readRecent(gameId, { count: SNAPSHOT_EVERY });
    const latest = recent.at(-1);
    if (!latest) return null;
    const game = await this.#fold(gameId, recent);
    this.#cache.set(gameId, latest.version, game);
    return { version: latest.version, ...game };
  }

  /** The state a commit left the game in (and since when its turn waited): its own snapshot, or a fold. */
  async stateAt(commit: Commit<GameEvent>): Promise<Folded> {
    const folded = fromSnapshot(commit.snapshot);
    if (folded) return folded;
    return this.#fold(
      commit.streamId,
      await this.#streams.readRecent(commit.streamId, { count: SNAPSHOT_EVERY, upTo: commit.version }),
    );
  }

  /**
   * The state after the last of `recent` (consecutive commits, oldest first): the newest snapshot
   * among them with the later commits' events folded on, or the fold of all of them when they start
   * the stream. Failing both (snapshots of an older format), the fold of the whole stream up to there.
   */
  async #fold(gameId: string, recent: readonly Commit<GameEvent>[]): Promise<Folded> {
    const last = recent.at(-1)?.version ?? 0;
    let base: { game: Folded; from: number } | null =
      recent[0]?.version === 1 ? { game: { state: initialState(), since: null }, from: 0 } : null;
    for (let i = recent.length - 1; i >= 0; i--) {
      const game = fromSnapshot(recent[i]?.snapshot);
      if (game) {
        base = { game, from: i + 1 };
        break;
      }
    }
    const commits = base
      ? recent.slice(base.from)
      : (await this.#streams.readAll(gameId)).filter((c) => c.version <= last);
    let { state, since } = base?.game ?? { state: initialState(), since: null };
    for (const commit of commits) {
      const before = state;
      const { events } = commit;
      state = events.reduce(evolve, state);
      since = sinceAfter(before, state, events, commit.at, since);
    }
    return { state, since };
  }

  /**
   * Appends the events of one command (see `EventStreams.append`): one write, carrying the turn entries
   * when whom the game awaits changed (or, with a clock, their deadline), and the notifications
   * `plan` says are wanted (decided before the write, so the commit itself records them: no window
   * in which a crash could lose them).
   */
  async append(
    gameId: string,
    expectedVersion: number,
    events: readonly GameEvent[],
    change: Transition,
    meta: CommitMeta,
    plan: NotificationPlan,
  ): Promise<AppendResult<GameEvent>> {
    const iso = change.at.toISOString();
    const version = expectedVersion + 1;
    const turn = turnWrite(change, { before: change.since, after: change.sinceAfter }, version, iso, plan.remind);
    const snapshot = version % SNAPSHOT_EVERY === 0 ? toSnapshot(change.after, change.sinceAfter) : null;
    const result = await this.#streams.append(gameId, expectedVersion, events, {
      at: change.at,
      ...(turn ? { turn } : {}),
      ...(plan.notify ? { due: { at: iso, kind: NOTIFY } } : {}),
      ...(snapshot ? { snapshot } : {}),
      ...meta,
    });
    if (!result.replayed) {
      this.#cache.set(gameId, result.commit.version, { state: change.after, since: change.sinceAfter });
    }
    return result;
  }

  /** The commit a command was recorded as, when it was (see `EventStreams.findRecorded`). */
  findRecorded(gameId: string, identity: CommandIdentity, where: RecordedAt): Promise<Commit<GameEvent> | null> {
    return this.#streams.findRecorded(gameId, identity, where);
  }

  /** One page of the commits after `after`, oldest first (see `EventStreams.readAfter`). */
  readAfter(gameId: string, after: number, options?: ReadAfterOptions): Promise<CommitPage<GameEvent>> {
    return this.#streams.readAfter(gameId, after, options);
  }

  /** The newest commits up to a version, oldest first (see `EventStreams.readRecent`). */
  readRecent(gameId: string, options: ReadRecentOptions): Promise<Commit<GameEvent>[]> {
    return this.#streams.readRecent(gameId, options);
  }

  /** Every commit of the game, oldest first. */
  readAll(gameId: string): Promise<Commit<GameEvent>[]> {
    return this.#streams.readAll(gameId);
  }
}
