import { decide, evolve, initialState, type Command, type DecideContext, type GameState } from '@chickenfoot/rules';
import { ConcurrencyError, IdempotencyConflictError, ProjectionLagError, type Commit } from '@chickenfoot/store';
import { ApiProblem } from '../http/problems';
import type { Logger } from '../http/logging';
import { changedMembers, headOf, membersOf } from './projection';
import { commandReply, type CommandReply } from './reply';
import { fromSnapshot } from './snapshot';
import type { GameRepository, StoredGame } from './repository';
import { seatOf } from './view';

/** What running a command needs from the app. */
export interface CommandDeps {
  readonly games: GameRepository;
  readonly secret: string;
  readonly context: DecideContext;
  readonly logger: Logger;
}

/** One command on one game, as the routes describe it. */
export interface CommandRequest {
  readonly gameId: string;
  readonly playerId: string;
  /** The version the client acted on (If-Match), or null to act on the newest (joining). */
  readonly expectedVersion: number | null;
  readonly idempotencyKey: string;
  /** Tells a retry of this request from another request reusing its key. */
  readonly commandHash: string;
  /** The engine command for the caller in this game; `seat` is -1 when they have none. */
  readonly command: (game: StoredGame, seat: number) => Command;
  /** Joining or creating: callers without a seat may send it. */
  readonly unseated?: boolean;
  /** Creating: the game does not exist yet. */
  readonly creates?: boolean;
}

const RACE_RETRIES = 3;

/**
 * Loads the game (or takes it from the cache when If-Match names the cached version), decides,
 * appends one commit, updates the players' lists, and answers. A retry of a command already
 * recorded (same Idempotency-Key, same request) answers exactly as the first time did.
 */
export async function runCommand(deps: CommandDeps, request: CommandRequest): Promise<CommandReply> {
  const { games } = deps;
  const { gameId, playerId, expectedVersion } = request;
  for (let attempt = 0; ; attempt++) {
    const cached = expectedVersion === null ? null : games.cache.get(gameId, expectedVersion);
    const stored =
      cached && expectedVersion !== null ? { version: expectedVersion, state: cached } : await games.load(gameId);
    const game = stored ?? (request.creates ? { version: 0, state: initialState() } : null);
    const seat = game ? seatOf(game.state, playerId) : -1;
    if (!game || (seat < 0 && !request.unseated)) throw notFound(gameId);

    if (expectedVersion !== null && expectedVersion !== game.version) {
      const replayed = await findReplay(deps, request);
      if (replayed) return replayed;
      throw new ApiProblem(
        'request/version-mismatch',
        `The game is at version ${game.version}, not ${expectedVersion}: fetch it and decide again.`,
        {
          currentVersion: game.version,
        },
      );
    }
    const decision = decide(request.command(game, seat), game.state, deps.context);
    if (!decision.ok) {
      // Only a command that names no version (joining) can be a recorded retry that the rules now
      // refuse; with a version, a recorded command would have moved the game past it (handled above).
      const replayed = expectedVersion === null ? await findReplay(deps, request) : null;
      if (replayed) return replayed;
      throw new ApiProblem(decision.code, decision.message);
    }
    const after = decision.events.reduce(evolve, game.state);
    try {
      const { commit, replayed } = await games.append(gameId, game.version, decision.events, after, {
        idempotencyKey: request.idempotencyKey,
        commandHash: request.commandHash,
        by: playerId,
      });
      // The store has restored the awaiting item of a replayed commit already.
      if (replayed) return await replay(deps, commit, playerId, false);
      await project(deps, commit, game.state, after);
      return commandReply(deps.secret, gameId, commit.version, commit.events, after, seatOf(after, playerId));
    } catch (error) {
      if (error instanceof IdempotencyConflictError) throw reused();
      if (error instanceof ProjectionLagError) {
        // Cache the state the store recorded, not `after`: when this attempt is a retry of a recorded
        // command that dealt a hand, it shuffled a deal of its own, which never happened.
        const recorded = fromSnapshot(error.commit.snapshot);
        if (recorded) games.cache.set(gameId, error.commit.version, recorded);
        else games.cache.delete(gameId);
        throw recordedButUnanswered(error);
      }
      if (!(error instanceof ConcurrencyError)) throw error;
      games.cache.delete(gameId);
      // Joining names no version, so losing a race to another command is not the client's concern.
      if (expectedVersion === null && attempt < RACE_RETRIES) continue;
      throw new ApiProblem(
        'request/version-mismatch',
        `Another move was made first: the game is at version ${error.currentVersion}.`,
        {
          currentVersion: error.currentVersion,
        },
      );
    }
  }
}

/** A 404 that does not say whether the game exists: ids of other people's games do not leak. */
export function notFound(gameId: string): ApiProblem {
  return new ApiProblem('game/not-found', `There is no game ${gameId} that you are seated in.`);
}

function reused(): ApiProblem {
  return new ApiProblem(
    'request/idempotency-key-reused',
    'This Idempotency-Key was already used for a different request on this game.',
  );
}

/**
 * The first reply of the command recorded under this request's Idempotency-Key in this game (after
 * repairing what it left undone), or null when none is; a key recorded for another request is
 * refused. For routes that answer some requests without running a command.
 */
export async function findReplay(
  deps: CommandDeps,
  request: Pick<CommandRequest, 'gameId' | 'playerId' | 'idempotencyKey' | 'commandHash'>,
): Promise<CommandReply | null> {
  const commit = await deps.games.store.findByIdempotencyKey(request.gameId, request.idempotencyKey);
  if (!commit) return null;
  if (commit.commandHash !== request.commandHash) throw reused();
  return replay(deps, commit, request.playerId, true);
}

/**
 * The first reply of a recorded command, after making sure the lists it should have updated are
 * right: the first attempt may have failed between its append and its list updates, or its awaiting
 * item may not have been written (`ProjectionLagError`). Both are written again, each only over
 * what is as old or older.
 */
async function replay(
  deps: CommandDeps,
  commit: Commit,
  playerId: string,
  restoreAwaiting: boolean,
): Promise<CommandReply> {
  const state = await deps.games.stateAt(commit);
  await Promise.all([project(deps, commit, null, state), restoreAwaiting ? restore(deps, commit) : null]);
  return commandReply(deps.secret, commit.gameId, commit.version, commit.events, state, seatOf(state, playerId));
}

/** Rewrites a recorded commit's awaiting item ("my turn" lists); a failure is answered like a failed list update. */
async function restore(deps: CommandDeps, commit: Commit): Promise<void> {
  try {
    await deps.games.store.restoreAwaiting(commit);
  } catch (error) {
    deps.logger({
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
async function project(deps: CommandDeps, commit: Commit, before: GameState | null, after: GameState): Promise<void> {
  const members = before ? changedMembers(before, after) : membersOf(after);
  if (members.length === 0) return;
  try {
    await deps.games.store.updateProjections(commit.gameId, {
      head: headOf(after, commit.version, commit.at),
      members,
    });
  } catch (error) {
    deps.logger({
      level: 'error',
      msg: 'projection update failed',
      gameId: commit.gameId,
      version: commit.version,
      error: String(error),
    });
    throw recordedButUnanswered(error);
  }
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
