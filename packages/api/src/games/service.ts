import {
  decide,
  initialState,
  type Command,
  type DecideContext,
  type GameEvent,
  type GameState,
  type Move,
} from '@chickenfoot/rules';
import {
  ConcurrencyError,
  IdempotencyConflictError,
  ProjectionLagError,
  type CommandIdentity,
  type Commit,
  type RecordedAt,
} from '@chickenfoot/store';
import type { Logger } from '../http/logging';
import { commandHash } from '../http/idempotency';
import { ApiProblem } from '../problems';
import { derivedKey, recordedBy, seatOfActor, type Actor } from './actors';
import { changedMembers, headOf, membersOf } from './projection';
import type { GameRepository, StoredGame } from './repository';
import { fromSnapshot } from './snapshot';

/** What an actor asks of a game. A move names no seat: the actor's own is used. */
export type GameCommand =
  Extract<Command, { type: 'create' | 'join' }> | { readonly type: 'move'; readonly move: Move };

/** How a command is to be applied. */
export interface ExecuteOptions {
  /** The version the actor decided on (a player's If-Match), or null to act on the newest (joining). */
  readonly expectedVersion: number | null;
  /**
   * The command's idempotency key: a player's Idempotency-Key. Bots and the system need none: theirs
   * is derived from the seat and version, so a repeated run is recognised as the first.
   */
  readonly key?: string;
}

/** A command's outcome: the commit it was recorded as (or, replayed, had been), and the game after it. */
export interface Executed {
  readonly gameId: string;
  readonly version: number;
  /** Every event the command caused, forced moves included; empty when nothing was recorded. */
  readonly events: readonly GameEvent[];
  readonly state: GameState;
  /** The actor's seat after the command (-1 for none). */
  readonly seat: number;
  /** True when this was a retry of a command recorded earlier: nothing new was written. */
  readonly replayed: boolean;
}

/** What the game service is built from. */
export interface GameServiceOptions {
  readonly repository: GameRepository;
  readonly context: DecideContext;
  readonly logger: Logger;
}

// A join names no version: losing a race to another command is retried here, not by the client.
const RACE_RETRIES = 3;

/**
 * A join's retry is looked for among a game's first commits: joins are made while it waits for
 * players, in its first commits (one per seat, and what else a waiting game records).
 */
const JOIN_WINDOW = 64;

/**
 * The one path every command on a game takes, whoever issues it (a player over HTTP, a bot, a
 * timeout): load (or take from the cache), decide, one conditional append, the players' lists and
 * their repair, and the recognition of a retried command. Knows nothing of HTTP: refusals are thrown
 * as `ApiProblem`s with their stable codes.
 * @example
 * const done = await games.execute(gameId, { kind: 'player', playerId }, { type: 'move', move }, { expectedVersion: 12, key });
 */
export class GameService {
  readonly #games: GameRepository;
  readonly #context: DecideContext;
  readonly #logger: Logger;

  constructor({ repository, context, logger }: GameServiceOptions) {
    this.#games = repository;
    this.#context = context;
    this.#logger = logger;
  }

  /** The newest state of a game, or null when there is none. */
  load(gameId: string): Promise<StoredGame | null> {
    return this.#games.load(gameId);
  }

  /**
   * Applies `command` for `actor` at `options.expectedVersion` as one commit, or finds the commit a
   * retry of it was recorded as and answers as the first time did. Throws `ApiProblem`:
   * `game/not-found` (no such game, or one the player is not seated in), `request/version-mismatch`
   * (the game has moved on), a `rules/…` code (the rules refuse it), `request/idempotency-key-reused`,
   * and `service/unavailable` (recorded, but the lists could not be updated: retry with the same key).
   */
  async execute(gameId: string, actor: Actor, command: GameCommand, options: ExecuteOptions): Promise<Executed> {
    const { expectedVersion } = options;
    for (let attempt = 0; ; attempt++) {
      const stored = await this.#games.current(gameId, expectedVersion);
      const game = stored ?? (command.type === 'create' ? { version: 0, state: initialState() } : null);
      const seat = game ? seatOfActor(game.state, actor) : -1;
      if (!game || (seat < 0 && command.type === 'move')) throw notFound(gameId);
      const identity = this.#identity(gameId, actor, command, expectedVersion ?? game.version, options.key);

      const recordedAt: RecordedAt =
        expectedVersion === null ? { upTo: Math.min(game.version, JOIN_WINDOW) } : { version: expectedVersion + 1 };

      if (command.type === 'join' && seat >= 0) {
        // Seated already: a retry of the join that seated them answers as it did (and repairs what it
        // may have left undone); a second tap with a new key answers with the game as it is.
        const joined = await this.#replayed(gameId, identity, actor, recordedAt);
        return joined ?? { gameId, ...game, events: [], seat, replayed: false };
      }
      if (expectedVersion !== null && expectedVersion !== game.version) {
        const replayed = await this.#replayed(gameId, identity, actor, recordedAt);
        if (replayed) return replayed;
        throw versionMismatch(
          `The game is at version ${game.version}, not ${expectedVersion}: fetch it and decide again.`,
          game.version,
        );
      }
      const decision = decide(engineCommand(command, seat), game.state, this.#context);
      if (!decision.ok) {
        // Only a command that names no version (joining) can be a recorded retry the rules now refuse:
        // with a version, a recorded command would have moved the game past it (handled above).
        const replayed = expectedVersion === null ? await this.#replayed(gameId, identity, actor, recordedAt) : null;
        if (replayed) return replayed;
        throw new ApiProblem(decision.code, decision.message);
      }
      const after = decision.state;
      try {
        const { commit, replayed } = await this.#games.append(
          gameId,
          game.version,
          decision.events,
          { before: game.state, after },
          {
            ...identity,
            by: recordedBy(actor),
          },
        );
        if (replayed) return await this.#replay(commit, actor);
        await this.#project(commit, game.state, after);
        return {
          gameId,
          version: commit.version,
          events: decision.events,
          state: after,
          seat: seatOfActor(after, actor),
          replayed: false,
        };
      } catch (error) {
        if (error instanceof IdempotencyConflictError) throw keyReused();
        if (error instanceof ProjectionLagError) {
          // Cache the state the store recorded, not `after`: when this attempt is a retry of a recorded
          // command that dealt a hand, it shuffled a deal of its own, which never happened.
          this.#games.remember(gameId, error.commit.version, fromSnapshot(error.commit.snapshot));
          throw recordedButUnanswered(error);
        }
        if (!(error instanceof ConcurrencyError)) throw error;
        this.#games.forget(gameId);
        if (expectedVersion === null && attempt < RACE_RETRIES) continue;
        throw versionMismatch(
          `Another move was made first: the game is at version ${error.currentVersion}.`,
          error.currentVersion,
        );
      }
    }
  }

  /**
   * What recognises this command when it comes again: the client's key (or, for bots and the
   * system, one derived from the seat and version) and a hash of who asked what, at which version.
   */
  #identity(
    gameId: string,
    actor: Actor,
    command: GameCommand,
    version: number,
    key: string | undefined,
  ): Required<CommandIdentity> {
    if (actor.kind !== 'player') {
      // A bot or a timeout at a version is one command, whatever move was chosen: a second run that
      // chose differently is the same command repeated, recognised and not applied.
      const derived = key ?? derivedKey(actor, version);
      return { idempotencyKey: derived, commandHash: commandHash(derived) };
    }
    if (key === undefined) throw new TypeError('a player’s command needs its Idempotency-Key');
    const asked =
      command.type === 'create'
        ? { type: 'create', seats: command.seats, rules: command.rules ?? null }
        : command.type === 'join'
          ? { type: 'join' }
          : command;
    return {
      idempotencyKey: key,
      commandHash: commandHash(actor.playerId, gameId, command.type === 'join' ? null : version, asked),
    };
  }

  /** The outcome of the command recorded under `identity`, if it was recorded (after repairing its lists). */
  async #replayed(
    gameId: string,
    identity: CommandIdentity,
    actor: Actor,
    where: RecordedAt,
  ): Promise<Executed | null> {
    let commit: Commit | null;
    try {
      commit = await this.#games.store.findRecorded(gameId, identity, where);
    } catch (error) {
      if (error instanceof IdempotencyConflictError) throw keyReused();
      throw error;
    }
    return commit ? this.#replay(commit, actor) : null;
  }

  /**
   * A recorded command's outcome, after making sure the lists it should have updated are right: the
   * first attempt may have failed between its append and its list updates, or its turn entries may
   * not have been written (`ProjectionLagError`). Both are written again, each only over what is as
   * old or older.
   */
  async #replay(commit: Commit, actor: Actor): Promise<Executed> {
    const state = await this.#games.stateAt(commit);
    await Promise.all([this.#project(commit, null, state), this.#restore(commit, state)]);
    const events = commit.events as GameEvent[];
    return {
      gameId: commit.gameId,
      version: commit.version,
      events,
      state,
      seat: seatOfActor(state, actor),
      replayed: true,
    };
  }

  /** Rewrites a recorded commit's turn entries ("my turn" lists); a failure is answered like a failed list update. */
  async #restore(commit: Commit, state: GameState): Promise<void> {
    try {
      await this.#games.store.restoreTurns(commit, headOf(state, commit.version, commit.at));
    } catch (error) {
      this.#logger({
        level: 'error',
        msg: 'awaiting item repair failed',
        gameId: commit.gameId,
        version: commit.version,
        error: String(error),
      });
      throw recordedButUnanswered(error);
    }
  }

  /**
   * Updates the players' game lists after a commit: only the entries it changed, or all of them when
   * repairing. A failure here leaves the commit in place; the client is told to retry (with the same
   * key), and the retry repairs the lists.
   */
  async #project(commit: Commit, before: GameState | null, after: GameState): Promise<void> {
    const members = before ? changedMembers(before, after) : membersOf(after);
    if (members.length === 0) return;
    try {
      await this.#games.store.updateProjections(commit.gameId, {
        head: headOf(after, commit.version, commit.at),
        members,
      });
    } catch (error) {
      this.#logger({
        level: 'error',
        msg: 'projection update failed',
        gameId: commit.gameId,
        version: commit.version,
        error: String(error),
      });
      throw recordedButUnanswered(error);
    }
  }
}

/** The engine command for an actor's command in `seat`. */
function engineCommand(command: GameCommand, seat: number): Command {
  return command.type === 'move' ? { type: 'move', seat, move: command.move } : command;
}

/**
 * A 404 that does not say whether the game exists: ids of other people's games do not leak.
 * @example throw notFound(gameId);
 */
export function notFound(gameId: string): ApiProblem {
  return new ApiProblem('game/not-found', `There is no game ${gameId} that you are seated in.`);
}

function versionMismatch(detail: string, currentVersion: number): ApiProblem {
  return new ApiProblem('request/version-mismatch', detail, { currentVersion });
}

function keyReused(): ApiProblem {
  return new ApiProblem(
    'request/idempotency-key-reused',
    'This Idempotency-Key was already used for a different request on this game.',
  );
}

/** A 503 for a command that was recorded but whose lists could not be updated: a retry (same key) repairs them. */
function recordedButUnanswered(cause: unknown): ApiProblem {
  return new ApiProblem(
    'service/unavailable',
    'Your command was recorded, but the service could not finish answering. Retry with the same Idempotency-Key to get its result.',
    {},
    { 'Retry-After': '1' },
    { cause },
  );
}
