import { decide, initialState, type DecideContext, type GameEvent, type GameState } from '@chickenfoot/rules';
import { ConcurrencyError, ProjectionLagError, type Commit, type CommitPage } from '@chickenfoot/store';
import type { Clock } from '../clock';
import { domainErrorOf, notFound, recordedButUnanswered, RefusedError } from '../errors';
import type { Logger } from '../logging';
import { LruMap } from '../lru-map';
import { NO_NOTIFICATIONS, type CommitNotifier } from '../webhooks/commit-notifier';
import { commitFacts } from './commit-facts';
import { accessOf, type Access } from './access';
import { recordedBy, seatOfActor, type Actor } from './actors';
import { BotBudget, type BotPayer } from './bot-budget';
import { botSettings, type BotOptions } from './bot-players';
import { chainOf, type CommandChain } from './chain';
import { checkActor, engineCommand, type ExecuteOptions, type Executed, type GameCommand } from './game-command';
import { askedOf, seatAfter, versionAsked, type Asked } from './asked';
import type { GameLists } from './lists';
import type { GameRepository, StoredGame, Transition } from './repository';
import { settleBots, type Settled } from './settle-bots';
import { staleAnswer } from './stale-answer';
import { fromSnapshot } from './snapshots/snapshot';
import { timeOut, type TimedOut } from './time-out';
import { sinceAfter } from './turn-clock';
import { afterLostRace } from '../streams/lost-race';

export type { ExecuteOptions, Executed, GameCommand } from './game-command';

/** What the game service is built from. */
export interface GameServiceOptions {
  readonly repository: GameRepository;
  readonly lists: GameLists;
  readonly context: DecideContext;
  readonly logger: Logger;
  /** The time of each commit. */
  readonly clock: Clock;
  /** Decides what each commit records for its notifications (webhooks); none without it. */
  readonly notifier?: CommitNotifier;
  /** How bots are played (defaults: the real bots, 64 commits or 2 s per chain). */
  readonly bots?: BotOptions;
}

/**
 * The one path every command on a game takes, whoever issues it (a player, a bot, a timeout), in
 * named steps: load (or take from the cache), authorize, decide, append (one conditional write, its
 * notifications planned first), project (the players' lists); and the recognition of a retried
 * command, answered as the first time was. Refusals are typed domain errors (`errors.ts`).
 * @example
 * const done = await games.execute(gameId, { kind: 'player', playerId }, { type: 'move', move }, { expectedVersion: 12, key });
 */
export class GameService {
  readonly #games: GameRepository;
  readonly #lists: GameLists;
  readonly #context: DecideContext;
  readonly #clock: Clock;
  readonly #notifier: CommitNotifier | undefined;
  readonly #bots;
  readonly #budget: BotBudget;

  constructor({ repository, lists, context, logger, clock, notifier, bots }: GameServiceOptions) {
    this.#games = repository;
    this.#lists = lists;
    this.#context = context;
    this.#clock = clock;
    this.#notifier = notifier;
    this.#bots = {
      execute: this.execute.bind(this),
      load: this.load.bind(this),
      commits: repository,
      logger,
      settings: botSettings(bots),
      quiet: new LruMap<string, number>(1000),
    };
    this.#budget = new BotBudget(bots?.perPlayer);
  }

  /**
   * `execute`, then the bot moves it set off (`settleBots`, on the player's budget): what a player's
   * request is answered with, its own commit and the bot commits right after it (see `chainOf`, also
   * for what a retry answers).
   * @example const chain = await games.run(gameId, actor, { type: 'move', move }, { expectedVersion: 12, key });
   */
  async run(gameId: string, actor: Actor, command: GameCommand, options: ExecuteOptions): Promise<CommandChain> {
    const done = await this.execute(gameId, actor, command, options);
    const payer = actor.kind === 'player' ? { player: actor.playerId } : null;
    const settled = await this.settleBots(gameId, done.replayed ? undefined : done, payer);
    return chainOf(this.#games, done, settled, this.#bots.settings.maxCommits);
  }

  /**
   * Makes the bots' due moves, each its own commit through `execute`, until a player's turn, the end,
   * or the call's bound: a player's command, 64 commits or 2 s and what is left of their `BotBudget`;
   * a read, 2 commits; due work, 64 or 2 s. A chain stopped with bots still to move is put in the due
   * index (`bots`): the sweeper carries it on, not whoever reads next. `from`: the game as the caller has it.
   * @example const { commits } = await games.settleBots(gameId, loaded, { player: playerId, reading: true });
   */
  async settleBots(gameId: string, from?: StoredGame | null, payer: BotPayer | null = null): Promise<Settled> {
    const { settings } = this.#bots;
    const started = settings.now();
    const settled = await settleBots(this.#bots, gameId, from, this.#budget.boundFor(settings, payer, started));
    if (payer) this.#budget.spend(payer.player, settings.now() - started, settings.now());
    // Stopped with bots still to move (a bound, or a failure of the chain): due work carries it on.
    // Best effort, as the chain itself: a failed write leaves the rest to the next look at the game.
    if (settled.stopped !== 'idle' && settled.game) {
      const at = new Date(this.#clock()).toISOString();
      await this.#lists.botWork(gameId, settled.game.version, at).then(settings.onDue, (error: unknown) => {
        this.#bots.logger({ level: 'warn', msg: 'bot work not written', gameId, error: String(error) });
      });
    }
    return settled;
  }

  /**
   * Times out `seat`'s turn in `game` at its version: its bot's play or pass, recorded as a timeout by
   * the system (see `timeOut`), then the bot moves that follow. Throws `StaleVersionError` when the
   * game moved on first (a late move of the player won).
   * @example const { done } = await games.timeOut(gameId, game, seat);
   */
  timeOut(gameId: string, game: StoredGame, seat: number): Promise<TimedOut> {
    return timeOut(this.#bots, gameId, game, seat);
  }

  /** Rewrites a game's lists and turn entries from its whole log (see `GameLists.rebuild`). */
  repairLists(gameId: string): Promise<void> {
    return this.#lists.rebuild(gameId);
  }

  /** The newest state of a game, or null when there is none. */
  load(gameId: string): Promise<StoredGame | null> {
    return this.#games.load(gameId);
  }

  /** The state a commit left its game in, and since when its turn waited (see `GameRepository.stateAt`). */
  stateAt(commit: Commit<GameEvent>): Promise<{ state: GameState; since: string | null }> {
    return this.#games.stateAt(commit);
  }

  /** One page of a game's commits after `after`, oldest first (a catch-up). */
  commitsAfter(gameId: string, after: number, limit: number): Promise<CommitPage<GameEvent>> {
    return this.#games.readAfter(gameId, after, { limit });
  }

  /** Every commit of a game, oldest first (an export). */
  commits(gameId: string): Promise<Commit<GameEvent>[]> {
    return this.#games.readAll(gameId);
  }

  /**
   * Applies `command` for `actor` at `options.expectedVersion` as one commit, or finds the commit a
   * retry of it was recorded as and answers as the first time did. Throws `NotFoundError` (no such
   * game, or one the player is not seated in), `StaleVersionError` (the game has moved on),
   * `RefusedError` (the rules refuse it), `KeyReusedError`, `RecordedButUnansweredError`
   * (recorded, but the lists could not be updated: retry with the same key), and `UnavailableError`
   * when a command that named no version (a join) lost every race (`afterLostRace`).
   */
  async execute(gameId: string, actor: Actor, command: GameCommand, options: ExecuteOptions): Promise<Executed> {
    try {
      return await this.#execute(gameId, actor, command, options);
    } catch (error) {
      // What the store threw (a key reused, an outage) is said in the application's words.
      throw domainErrorOf(error) ?? error;
    }
  }

  async #execute(gameId: string, actor: Actor, command: GameCommand, options: ExecuteOptions): Promise<Executed> {
    for (let attempt = 0; ; attempt++) {
      const game = await this.#load(gameId, command, options.expectedVersion);
      const asked = askedOf(gameId, actor, command, options, game?.version ?? 0);
      const access = accessOf(game, actor, command, options.expectedVersion);
      if (!game || access.kind !== 'act') return this.#answerWithout(access, gameId, game, actor, asked);
      const after = await this.#decide(gameId, game, access.seat, actor, command, options, asked);
      if ('replayed' in after) return after;
      try {
        return await this.#commit(gameId, game, actor, command, access.seat, after, asked);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        this.#games.forget(gameId);
        if (options.expectedVersion === null) {
          await afterLostRace(attempt, error);
          continue;
        }
        // Another commit came first: the sweeper's timeout of this very turn, perhaps.
        const seat = actor.kind === 'player' ? access.seat : -1;
        throw await staleAnswer(error.currentVersion, seat, game.version, (from, limit) =>
          this.commitsAfter(gameId, from, limit),
        );
      }
    }
  }

  /** Load: the game as the command needs it (a creation starts from the empty game). */
  async #load(gameId: string, command: GameCommand, expectedVersion: number | null): Promise<StoredGame | null> {
    const stored = await this.#games.current(gameId, expectedVersion);
    return stored ?? (command.type === 'create' ? { version: 0, state: initialState(), since: null } : null);
  }

  /** Authorize, when it does not let the command be decided: a retry's answer, or why not. */
  async #answerWithout(
    access: Access,
    gameId: string,
    game: StoredGame | null,
    actor: Actor,
    asked: Asked,
  ): Promise<Executed> {
    const replayed = access.kind === 'hidden' ? null : await this.#replayed(gameId, actor, asked);
    if (replayed) return replayed;
    if (access.kind === 'retry-or-as-is' && game) {
      return { gameId, ...game, events: [], seat: access.seat, replayed: false };
    }
    if (access.kind === 'retry-or-stale' && game) {
      const seat = actor.kind === 'player' ? seatOfActor(game.state, actor) : -1;
      throw await staleAnswer(game.version, seat, versionAsked(asked), (after, limit) =>
        this.commitsAfter(gameId, after, limit),
      );
    }
    throw notFound(gameId);
  }

  /** Decide: the rules' events and the state after them, or the answer of a retry the rules now refuse. */
  async #decide(
    gameId: string,
    game: StoredGame,
    seat: number,
    actor: Actor,
    command: GameCommand,
    options: ExecuteOptions,
    asked: Asked,
  ): Promise<{ events: readonly GameEvent[]; state: GameState } | Executed> {
    checkActor(game.state, actor, seat, command);
    const decision = decide(engineCommand(command, seat, actor), game.state, this.#context);
    if (decision.ok) return decision;
    // Only a command that names no version (joining) can be a recorded retry the rules now refuse:
    // with a version, a recorded command would have moved the game past it (answered before).
    const replayed = options.expectedVersion === null ? await this.#replayed(gameId, actor, asked) : null;
    if (replayed) return replayed;
    throw new RefusedError(decision.code, decision.message);
  }

  /** Append (its notifications planned first), then project; a recorded retry is answered as recorded. */
  async #commit(
    gameId: string,
    game: StoredGame,
    actor: Actor,
    command: GameCommand,
    seat: number,
    decided: { events: readonly GameEvent[]; state: GameState },
    asked: Asked,
  ): Promise<Executed> {
    const { events, state: after } = decided;
    const at = new Date(this.#clock());
    const since = sinceAfter(game.state, after, events, at.toISOString(), game.since);
    const change: Transition = { before: game.state, after, since: game.since, sinceAfter: since, at };
    const facts = commitFacts(gameId, game.version + 1, events, change);
    const plan = this.#notifier ? await this.#notifier.plan(facts) : NO_NOTIFICATIONS;
    let appended;
    try {
      appended = await this.#games.append(
        gameId,
        game.version,
        events,
        change,
        { ...asked.identity, by: recordedBy(actor) },
        plan,
      );
    } catch (error) {
      if (!(error instanceof ProjectionLagError)) throw error;
      // Cache the state the store recorded, not `after`: when this attempt is a retry of a recorded
      // command that dealt a hand, it shuffled a deal of its own, which never happened.
      this.#games.remember(gameId, error.commit.version, fromSnapshot(error.commit.snapshot));
      throw recordedButUnanswered(error);
    }
    if (appended.replayed) return this.#replay(appended.commit, actor);
    if (plan.notify) this.#notifier?.written();
    await this.#lists.afterCommit(appended.commit, game.state, after);
    // One who left a game before its start has no seat in it now: the reply names the one they left.
    const seatNow = command.type === 'leave' ? seat : seatOfActor(after, actor);
    return { gameId, version: appended.commit.version, events, state: after, since, seat: seatNow, replayed: false };
  }

  /** The outcome of the command recorded under `asked`, if it was recorded (after repairing its lists). */
  async #replayed(gameId: string, actor: Actor, asked: Asked): Promise<Executed | null> {
    const commit = await this.#games.findRecorded(gameId, asked.identity, asked.where);
    return commit ? this.#replay(commit, actor) : null;
  }

  /**
   * A recorded command's outcome, after making sure the lists it should have updated are right: the
   * first attempt may have failed between its append and its list updates, or its turn entries may
   * not have been written. Both are written again, each only over what is as old or older.
   */
  async #replay(commit: Commit<GameEvent>, actor: Actor): Promise<Executed> {
    const { state, since } = await this.#games.stateAt(commit);
    await Promise.all([this.#lists.afterCommit(commit, null, state), this.#lists.restoreTurns(commit, state, since)]);
    const { events } = commit;
    const seat = seatAfter(state, actor, events);
    return { gameId: commit.streamId, version: commit.version, events, state, since, seat, replayed: true };
  }
}
