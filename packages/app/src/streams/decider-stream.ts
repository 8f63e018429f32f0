import { ConcurrencyError, IdempotencyConflictError, type Commit, type Store } from '@chickenfoot/store';
import { keyReused, StaleVersionError } from '../errors';
import { isRefusal, type Decider } from './decider';
import { afterLostRace, RACE_RETRIES } from './lost-race';

/** One commit of a stream, its events typed. */
export interface StreamCommit<E> {
  readonly version: number;
  /** When it was appended (ISO 8601). */
  readonly at: string;
  readonly events: readonly E[];
}

/** Who made a change and when; with `key` (and `commandHash`) a retried command is recognised. */
export interface ChangeMeta {
  readonly at: Date;
  readonly by: string;
  readonly key?: string;
  readonly commandHash?: string;
  /**
   * The version the command was decided on (an If-Match): the stream must still be at it, or the
   * command was recorded there already (the same key and hash as the next version), or it is stale.
   * Absent or null: whatever version the stream is at, decided again when another change lands first.
   */
  readonly expectedVersion?: number | null;
}

/** What `handle` did: the state and version after it, and the commit it wrote or recognised (null: none). */
export interface Handled<E, S> {
  readonly state: S;
  readonly version: number;
  readonly commit: StreamCommit<E> | null;
  /** True when the commit is the one an earlier try of the same command (same key) recorded. */
  readonly replayed: boolean;
}

/** How a decider's streams are kept. */
export interface DeciderStreamOptions {
  /**
   * Keep the state after each commit as its snapshot, read back as the state (default true). False for
   * a log whose decisions need nothing of what came before (messages): every decision starts from
   * `initialState()`, and commits carry their events alone.
   */
  readonly snapshots?: boolean;
  /** Among how many of the newest commits a command's `key` is looked for (default 1). */
  readonly recognise?: number;
  /** How many times a change that lost a race is decided again (default 10), a moment apart. */
  readonly retries?: number;
  /** What a stream is to its owner, for a stale version's detail (default "It": "Your account is at …"). */
  readonly called?: string;
}

const typed = <E>(commit: Commit): StreamCommit<E> => ({
  version: commit.version,
  at: commit.at,
  events: commit.events as E[],
});

/**
 * A small aggregate's streams (a player's webhook endpoints, a game's watch links or messages), each
 * change one commit: read → decide → evolve → append, with the state after it as the commit's
 * snapshot, so reading a state is one Query and no old event is ever folded again. A change that
 * loses a race is decided again on the state the winner left; a refusal is thrown as it is.
 * @example
 * const links = new DeciderStream(store, watchLinkDecider);
 * const { state } = await links.handle(`${gameId}.watch`, { type: 'revoke', linkId }, { at, by: playerId });
 */
export class DeciderStream<C, E extends { readonly type: string }, S> {
  readonly #snapshots: boolean;
  readonly #recognise: number;
  readonly #retries: number;
  readonly #called: string;

  constructor(
    private readonly store: Store,
    private readonly decider: Decider<C, E, S>,
    options: DeciderStreamOptions = {},
  ) {
    this.#snapshots = options.snapshots ?? true;
    this.#recognise = options.recognise ?? 1;
    this.#retries = options.retries ?? RACE_RETRIES;
    this.#called = options.called ?? 'It';
  }

  /** The state and its version (0: nothing yet); strongly consistent unless asked otherwise. */
  async read(streamId: string, options: { consistent?: boolean } = {}): Promise<{ state: S; version: number }> {
    if (!this.#snapshots) {
      const latest = await this.store.streams.readLatest(streamId, {
        snapshot: false,
        consistent: options.consistent ?? true,
      });
      return { state: this.decider.initialState(), version: latest?.version ?? 0 };
    }
    const latest = await this.store.streams.readLatest(streamId, { consistent: options.consistent ?? true });
    return { state: this.#stateOf(latest?.snapshot), version: latest?.version ?? 0 };
  }

  /**
   * Decides `command` on the stream's state and appends its events as one commit (none when the
   * decision has none). Throws the decider's refusal; with `meta.key`, a command recorded already
   * answers with its commit (`replayed`), and the key recorded with another `commandHash` throws
   * `KeyReusedError`; with `meta.expectedVersion`, a stream that has moved on throws
   * `StaleVersionError` (with the version it is at) instead of deciding again.
   * @example await accounts.handle(id, { type: 'rename', name }, { at, by: id, key, commandHash, expectedVersion: 3 });
   */
  async handle(streamId: string, command: C, meta: ChangeMeta): Promise<Handled<E, S>> {
    const expected = meta.expectedVersion ?? null;
    for (let attempt = 0; ; attempt++) {
      const { state, version, recorded } = await this.#latest(streamId, meta);
      if (recorded) return { state, version, commit: typed(recorded), replayed: true };
      if (expected !== null && version !== expected) return this.#stale(streamId, meta, expected, version);
      const decision = this.decider.decide(command, state);
      if (isRefusal(decision)) throw decision;
      if (decision.length === 0) return { state, version, commit: null, replayed: false };
      const next = decision.reduce(this.decider.evolve, state);
      try {
        const { commit, replayed } = await this.store.streams.append(streamId, version, decision, {
          ...(this.#snapshots ? { snapshot: next } : {}),
          ...(meta.key !== undefined ? { idempotencyKey: meta.key, commandHash: meta.commandHash } : {}),
          at: meta.at,
          by: meta.by,
        });
        const after = replayed && this.#snapshots ? this.#stateOf(commit.snapshot) : next;
        return { state: after, version: commit.version, commit: typed(commit), replayed };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (expected !== null) return this.#stale(streamId, meta, expected, error.currentVersion);
        await afterLostRace(attempt, error, this.#retries);
      }
    }
  }

  /** A command decided on `expected` at a stream now at `version`: its commit, if it made the next one, or stale. */
  async #stale(streamId: string, meta: ChangeMeta, expected: number, version: number): Promise<Handled<E, S>> {
    if (meta.key !== undefined) {
      const identity = { idempotencyKey: meta.key, commandHash: meta.commandHash };
      const recorded = await this.store.streams
        .findRecorded(streamId, identity, { version: expected + 1 })
        .catch((error: unknown) => {
          throw error instanceof IdempotencyConflictError ? keyReused() : error;
        });
      if (recorded) {
        const state = this.#snapshots ? this.#stateOf(recorded.snapshot) : this.decider.initialState();
        return { state, version: recorded.version, commit: typed(recorded), replayed: true };
      }
    }
    throw new StaleVersionError(`${this.#called} is at version ${version}, not ${expected}.`, version);
  }

  /** One page of the commits after version `after`, oldest first, their events typed. */
  async readAfter(
    streamId: string,
    after: number,
    limit: number,
  ): Promise<{ commits: StreamCommit<E>[]; next: number | null }> {
    const page = await this.store.streams.readAfter(streamId, after, { limit });
    return { commits: page.commits.map((c) => typed<E>(c)), next: page.next };
  }

  /** The state to decide on, and the commit `meta.key` was recorded as among the newest, if it was. */
  async #latest(streamId: string, meta: ChangeMeta) {
    if (meta.key === undefined) return { ...(await this.read(streamId)), recorded: null };
    const recent = await this.store.streams.readRecent(streamId, {
      count: this.#recognise,
      snapshots: this.#snapshots,
    });
    const newest = recent.at(-1);
    const recorded = recent.find((c) => c.idempotencyKey === meta.key) ?? null;
    if (recorded && recorded.commandHash !== meta.commandHash) throw keyReused();
    const snapshot = recorded ? recorded.snapshot : newest?.snapshot;
    return {
      state: this.#snapshots ? this.#stateOf(snapshot) : this.decider.initialState(),
      version: recorded?.version ?? newest?.version ?? 0,
      recorded,
    };
  }

  // A snapshot written before a field was added to an object state lacks it: the initial state fills it in.
  #stateOf(snapshot: unknown): S {
    const initial = this.decider.initialState();
    if (snapshot === undefined || snapshot === null) return initial;
    return typeof initial === 'object' && initial !== null
      ? { ...initial, ...(snapshot as Partial<S>) }
      : (snapshot as S);
  }
}
