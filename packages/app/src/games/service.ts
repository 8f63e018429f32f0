import { decide, initialState, type DecideContext, type GameEvent, type GameState } from '@chickenfoot/rules';
import {
  ConcurrencyError,
  IdempotencyConflictError,
  ProjectionLagError,
  type CommandIdentity,
  type Commit,
  type RecordedAt,
} from '@chickenfoot/store';
import type { Logger } from '../logging';
import { LruMap } from '../lru-map';
import { recordedBy, seatOfActor, type Actor } from './actors';
import { botSettings, type BotOptions } from './bot-players';
import { chainOf, type CommandChain } from './chain';
import { checkActor, engineCommand, type ExecuteOptions, type Executed, type GameCommand } from './game-command';
import { keyReused, notFound, recordedButUnanswered, RefusedError, StaleVersionError } from '../errors';
import { commandIdentity } from './identity';
import { lobbyWrite } from './lobby-entry';
import { STALE_AFTER_MS, staleCheckWrite } from './stale-check';
import { allMembers, changedMembers, headOf, projectionOf } from './projection';
import type { GameRepository, StoredGame } from './repository';
import { settleBots, type Settled } from './settle-bots';
import { fromSnapshot } from './snapshot';
import { timeOut, type TimedOut } from './time-out';
import { deadlineOf, timeoutAt } from './turn-clock';

export type { ExecuteOptions, Executed, GameCommand } from './game-command';

/** The actor's seat after a recorded commit: theirs, or the one the commit records them leaving. */
function seatAfter(state: GameState, actor: Actor, events: readonly GameEvent[]): number {
  const seat = seatOfActor(state, actor);
  const left = events.find((e) => e.type === 'SeatLeft');
  return seat < 0 && left?.type === 'SeatLeft' && actor.kind === 'player' ? left.seat : seat;
}

/** What the game service is built from. */
export interface GameServiceOptions {
  readonly repository: GameRepository;
  readonly context: DecideContext;
  readonly logger: Logger;
  /** How bots are played (defaults: the real bots, 64 commits or 2 s per chain). */
  readonly bots?: BotOptions;
  /** How long a game may wait for players with nothing happening before it is closed (default 7 days). */
  readonly staleAfterMs?: number;
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
 * as typed domain errors (`errors.ts`).
 * @example
 * const done = await games.execute(gameId, { kind: 'player', playerId }, { type: 'move', move }, { expectedVersion: 12, key });
 */
export class GameService {
  readonly #games: GameRepository;
  readonly #context: DecideContext;
  readonly #logger: Logger;
  readonly #bots;
  readonly #staleAfterMs: number;

  constructor({ repository, context, logger, bots, staleAfterMs = STALE_AFTER_MS }: GameServiceOptions) {
    this.#games = repository;
    this.#staleAfterMs = staleAfterMs;
    this.#context = context;
    this.#logger = logger;
    this.#bots = {
      execute: this.execute.bind(this),
      load: this.load.bind(this),
      store: repository.store,
      logger,
      settings: botSettings(bots),
      quiet: new LruMap<string, number>(1000),
    };
  }

  /**
   * `execute`, then the bot moves it set off (`settleBots`): what a player's request is answered with,
   * its own commit and the bot commits right after it (see `chainOf`, also for what a retry answers).
   * @example const chain = await games.run(gameId, actor, { type: 'move', move }, { expectedVersion: 12, key });
   */
  async run(gameId: string, actor: Actor, command: GameCommand, options: ExecuteOptions): Promise<CommandChain> {
    const done = await this.execute(gameId, actor, command, options);
    const settled = await this.settleBots(gameId, done.replayed ? undefined : done);
    return chainOf(this.#games, done, settled, this.#bots.settings.maxCommits);
  }

  /**
   * Makes the bots' moves that are due on a game, each its own commit through `execute` (a bot actor:
   * derived key, recorded `by: 'bot'`), until a player's turn, the end, or the bound of a call: the one
   * place a chain of bot turns runs. Called after every command and whenever a game is read, so a
   * chain cut short (a crash, the bound) is finished by the next request. `from`: the game as the
   * caller has it, to spare a read.
   * @example const { commits } = await games.settleBots(gameId);
   */
  settleBots(gameId: string, from?: StoredGame | null): Promise<Settled> {
    return settleBots(this.#bots, gameId, from);
  }

  /**
   * Times out `seat`'s turn in `game` at its version: its bot's play or pass, recorded as a timeout by
   * the system (see `timeOut`), then the bot moves that follow. Throws `request/version-mismatch`
   * when the game moved on first (a late move of the player won).
   * @example const { done } = await games.timeOut(gameId, game, seat);
   */
  timeOut(gameId: string, game: StoredGame, seat: number): Promise<TimedOut> {
    return timeOut(this.#bots, gameId, game, seat);
  }

  /**
   * Rewrites a game's lists and turn entries (with a clock, its due deadline) from its whole log: for
   * a caller that found them behind the game (a due entry of a turn that is over, whose commit could
   * not write the next one's), so that no deadline is left unwritten.
   */
  async repairLists(gameId: string): Promise<void> {
    await this.#games.store.rebuildProjections(gameId, projectionOf);
  }

  /** The newest state of a game, or null when there is none. */
  load(gameId: string): Promise<StoredGame | null> {
    return this.#games.load(gameId);
  }

  /** The state a commit left its game in, and since when its turn waited (see `GameRepository.stateAt`). */
  stateAt(commit: Commit): Promise<{ state: GameState; since: string | null }> {
    return this.#games.stateAt(commit);
  }

  /**
   * Applies `command` for `actor` at `options.expectedVersion` as one commit, or finds the commit a
   * retry of it was recorded as and answers as the first time did. Throws `NotFoundError` (no such
   * game, or one the player is not seated in), `StaleVersionError` (the game has moved on),
   * `RefusedError` (the rules refuse it), `KeyReusedError`, and `RecordedButUnansweredError`
   * (recorded, but the lists could not be updated: retry with the same key).
   */
  async execute(gameId: string, actor: Actor, command: GameCommand, options: ExecuteOptions): Promise<Executed> {
    const { expectedVersion } = options;
    for (let attempt = 0; ; attempt++) {
      const stored = await this.#games.current(gameId, expectedVersion);
      const game = stored ?? (command.type === 'create' ? { version: 0, state: initialState(), since: null } : null);
      const seat = game ? seatOfActor(game.state, actor) : -1;
      // Without an invite code only an open game may be joined; any other answers as if there were none.
      // (A rematch is joined without one too, by the players it keeps seats for.)
      const invited =
        command.type === 'join' && (game?.state.setup.open || game?.state.setup.reserved?.includes(command.player.id));
      if (!game || (command.type === 'join' && command.withoutCode && !invited)) throw notFound(gameId);
      const identity = commandIdentity(gameId, actor, command, expectedVersion ?? game.version, options.key);

      const recordedAt: RecordedAt =
        expectedVersion === null ? { upTo: Math.min(game.version, JOIN_WINDOW) } : { version: expectedVersion + 1 };

      if (seat < 0 && command.type !== 'create' && command.type !== 'join') {
        // Not seated: a stranger, or one who left before the start, whose retry of that is answered.
        const left = command.type === 'leave' ? await this.#replayed(gameId, identity, actor, recordedAt) : null;
        if (left) return left;
        throw notFound(gameId);
      }

      if (command.type === 'join' && seat >= 0) {
        // Seated already: a retry of the join that seated them answers as it did (and repairs what it
        // may have left undone); a second tap with a new key answers with the game as it is.
        const joined = await this.#replayed(gameId, identity, actor, recordedAt);
        return joined ?? { gameId, ...game, events: [], seat, replayed: false };
      }
      if (expectedVersion !== null && expectedVersion !== game.version) {
        const replayed = await this.#replayed(gameId, identity, actor, recordedAt);
        if (replayed) return replayed;
        throw new StaleVersionError(
          `The game is at version ${game.version}, not ${expectedVersion}: fetch it and decide again.`,
          game.version,
        );
      }
      checkActor(game.state, actor, seat, command);
      const decision = decide(engineCommand(command, seat, actor), game.state, this.#context);
      if (!decision.ok) {
        // Only a command that names no version (joining) can be a recorded retry the rules now refuse:
        // with a version, a recorded command would have moved the game past it (handled above).
        const replayed = expectedVersion === null ? await this.#replayed(gameId, identity, actor, recordedAt) : null;
        if (replayed) return replayed;
        throw new RefusedError(decision.code, decision.message);
      }
      const after = decision.state;
      try {
        const { commit, replayed, since } = await this.#games.append(
          gameId,
          game.version,
          decision.events,
          { before: game.state, after, since: game.since },
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
          since,
          // One who left a game before its start has no seat in it now: the reply names the one they left.
          seat: command.type === 'leave' ? seat : seatOfActor(after, actor),
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
        throw new StaleVersionError(
          `Another move was made first: the game is at version ${error.currentVersion}.`,
          error.currentVersion,
        );
      }
    }
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
    const { state, since } = await this.#games.stateAt(commit);
    await Promise.all([this.#project(commit, null, state), this.#restore(commit, state, since)]);
    const events = commit.events as GameEvent[];
    return {
      gameId: commit.gameId,
      version: commit.version,
      events,
      state,
      since,
      seat: seatAfter(state, actor, events),
      replayed: true,
    };
  }

  /**
   * Rewrites a recorded commit's turn entries ("my turn" lists, and with a clock the deadline in the due
   * index); a failure is answered like a failed list update.
   */
  async #restore(commit: Commit, state: GameState, since: string | null): Promise<void> {
    const deadline = deadlineOf(state, since);
    try {
      const head = headOf(state, commit.version, commit.at, deadline);
      const clocked = state.clock !== null && since !== null;
      await this.#games.store.restoreTurns(
        commit,
        head,
        state.clock ? timeoutAt(deadline) : undefined,
        clocked ? since : undefined,
      );
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
    const { members, removed } = before ? changedMembers(before, after) : allMembers(after);
    const lobby = lobbyWrite(commit, before, after);
    const stale = staleCheckWrite(commit, before, after, this.#staleAfterMs);
    if (members.length === 0 && removed.length === 0 && !lobby && !stale) return;
    const { store } = this.#games;
    const repair = { repair: before === null };
    try {
      await Promise.all([
        members.length + removed.length > 0 &&
          store.updateProjections(commit.gameId, { head: headOf(after, commit.version, commit.at), members, removed }),
        lobby && store.writeLobby(commit.gameId, commit.version, lobby.entry, repair),
        stale && store.writeStaleCheck(commit.gameId, commit.version, stale.due, repair),
      ]);
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
