import { evolve, initialState, type GameEvent, type GameState } from '@chickenfoot/rules';
import type { AppendResult, Commit, EventStore } from '@chickenfoot/store';
import type { CommitNotifier } from '../webhooks/commit-notifier';
import { NOTIFY } from '../webhooks/commit-notifier';
import { awaitedPlayer } from './awaited';
import { turnChange, turnWrite } from './projection';
import { fromSnapshot, toSnapshot, type Folded } from './snapshot';
import { deadlineOf, sinceAfter } from './turn-clock';
import type { Clock } from '../clock';
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

/** What a repository is built from. */
export interface GameRepositoryOptions {
  readonly store: EventStore;
  readonly clock: Clock;
  /** How many games' latest states to keep in memory (0 turns the cache off). */
  readonly cacheSize?: number;
  /** Decides what each commit records for its notifications (webhooks); none without it. */
  readonly notifier?: CommitNotifier;
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
  readonly #notifier: CommitNotifier | undefined;
  readonly store: EventStore;

  constructor({ store, clock, cacheSize = 1000, notifier }: GameRepositoryOptions) {
    this.store = store;
    this.#clock = clock;
    this.#notifier = notifier;
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
    const recent = await this.store.readRecent(gameId, { count: SNAPSHOT_EVERY });
    const latest = recent.at(-1);
    if (!latest) return null;
    const game = await this.#fold(gameId, recent);
    this.#cache.set(gameId, latest.version, game);
    return { version: latest.version, ...game };
  }

  /** The state a commit left the game in (and since when its turn waited): its own snapshot, or a fold. */
  async stateAt(commit: Commit): Promise<Folded> {
    const folded = fromSnapshot(commit.snapshot);
    if (folded) return folded;
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
  async #fold(gameId: string, recent: readonly Commit[]): Promise<Folded> {
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
      : (await this.store.readAll(gameId)).filter((c) => c.version <= last);
    let { state, since } = base?.game ?? { state: initialState(), since: null };
    for (const commit of commits) {
      const before = state;
      const events = commit.events as GameEvent[];
      state = events.reduce(evolve, state);
      since = sinceAfter(before, state, events, commit.at, since);
    }
    return { state, since };
  }

  /**
   * Appends the events of one command, which took the game from `before` (whose turn began at `since`)
   * to `after` (see `EventStore.append`): one write, and when the awaited player changed (or, with a
   * clock, their deadline), their turn entries. Returns when the turn after it began, too.
   */
  async append(
    gameId: string,
    expectedVersion: number,
    events: readonly GameEvent[],
    states: { readonly before: GameState; readonly after: GameState; readonly since: string | null },
    meta: CommitMeta,
  ): Promise<AppendResult & { since: string | null }> {
    const at = new Date(this.#clock());
    const iso = at.toISOString();
    const version = expectedVersion + 1;
    const since = sinceAfter(states.before, states.after, events, iso, states.since);
    // Whether its notifications are wanted is decided before the commit is written, so the commit
    // itself records them (one write, no window in which a crash could lose them).
    const plan = this.#notifier
      ? await this.#notifier.plan({
          gameId,
          version,
          events,
          after: states.after,
          turn: turnChange(states.before, states.after),
          awaited: awaitedPlayer(states.after),
          deadline: deadlineOf(states.after, since),
        })
      : { notify: false, remind: false };
    const turn = turnWrite(states, { before: states.since, after: since }, version, iso, plan.remind);
    const snapshot = version % SNAPSHOT_EVERY === 0 ? toSnapshot(states.after, since) : null;
    const result = await this.store.append(gameId, expectedVersion, events, {
      at,
      ...(turn ? { turn } : {}),
      ...(plan.notify ? { due: { at: iso, kind: NOTIFY } } : {}),
      ...(snapshot ? { snapshot } : {}),
      idempotencyKey: meta.idempotencyKey,
      commandHash: meta.commandHash,
      by: meta.by,
    });
    if (!result.replayed) this.#cache.set(gameId, result.commit.version, { state: states.after, since });
    if (plan.notify && !result.replayed) this.#notifier?.written();
    return { ...result, since };
  }
}
