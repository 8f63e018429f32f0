import type { Commit } from './commit';

/**
 * Typed store errors: callers check `instanceof` or the stable `code` and never import the SDK.
 * The SDK error that caused one, if any, is its `cause`.
 */

/** Every `code` a store error can carry. */
export type StoreErrorCode =
  | 'store/concurrency'
  | 'store/idempotency-conflict'
  | 'store/unavailable'
  | 'store/not-found'
  | 'store/invalid-request'
  | 'store/projection-lag'
  | 'store/failed';

/** The base of every error the store throws; `code: 'store/failed'` when nothing more specific fits. */
export class StoreError extends Error {
  override readonly name: string = 'StoreError';
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Another command was appended at the expected version first: re-read and decide again. */
export class ConcurrencyError extends StoreError {
  override readonly name = 'ConcurrencyError';

  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    /** The stream's version when the conflict was examined (at least `expectedVersion + 1`). */
    readonly currentVersion: number,
  ) {
    super('store/concurrency', `stream ${streamId} is at version ${currentVersion}, not ${expectedVersion}`);
  }
}

/** An idempotency key was reused for a different command (its `commandHash` differs). */
export class IdempotencyConflictError extends StoreError {
  override readonly name = 'IdempotencyConflictError';

  constructor(
    readonly streamId: string,
    readonly idempotencyKey: string,
    /** The version that the key's first command was recorded at. */
    readonly recordedVersion: number,
  ) {
    super(
      'store/idempotency-conflict',
      `idempotency key ${JSON.stringify(idempotencyKey)} of stream ${streamId} was used at version ${recordedVersion} for a different command`,
    );
  }
}

/** DynamoDB was throttling, unavailable or unreachable even after the SDK's retries. Worth retrying later. */
export class StoreUnavailableError extends StoreError {
  override readonly name = 'StoreUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('store/unavailable', message, options);
  }
}

/** Something the operation needs does not exist: the table, or (for a rebuild) the game's stream. */
export class NotFoundError extends StoreError {
  override readonly name = 'NotFoundError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('store/not-found', message, options);
  }
}

/**
 * The command's commit IS recorded (it is `commit`), but the players' turn entries written after it
 * could not be (throttling, network: the `cause`), so "whose move" lists may miss it. Do not decide
 * again: retry the same command with the same idempotency key (answer it as 503, retry later). The
 * retry is recognised as a replay, and its caller rewrites the entries (`restoreTurns`); so does
 * the game's next change of turn, and `rebuildProjections`.
 */
export class ProjectionLagError extends StoreError {
  override readonly name = 'ProjectionLagError';
  /** The game's stream: only a game's commit writes turn entries. */
  readonly streamId: string;

  constructor(
    /** The recorded commit, as `append` would have returned it. */
    readonly commit: Commit,
    options?: { cause?: unknown },
  ) {
    super(
      'store/projection-lag',
      `game ${commit.streamId} recorded version ${commit.version}, but its players' turn entries were not written`,
      options,
    );
    this.streamId = commit.streamId;
  }
}
