import { REJECTION_CODES, type RejectionCode } from '@chickenfoot/rules';
import { ConcurrencyError, IdempotencyConflictError, ProjectionLagError, StoreError } from '@chickenfoot/store';

/** What is not there, or not the caller's: said the same either way, so ids of others' things do not leak. */
export const NOT_FOUND_CODES = [
  'game/not-found',
  'game/watch-link-not-found',
  'player/not-found',
  'player/deleted',
  'player/token-not-found',
  'webhook/not-found',
  'webhook/delivery-not-found',
  'push/not-found',
  'push/not-configured',
] as const;

/** Refusals of the application's own (the rules' are `REJECTION_CODES`). */
export const REFUSAL_CODES = [
  'game/left',
  'game/not-finished',
  'game/too-many-watch-links',
  'player/too-many-tokens',
  'player/token-revoked',
  'webhook/too-many-endpoints',
  'webhook/url-invalid',
  'webhook/url-not-https',
  'webhook/url-not-allowed',
  'push/too-many-subscriptions',
  'push/endpoint-invalid',
  'push/endpoint-not-https',
  'push/endpoint-not-allowed',
  'push/keys-invalid',
] as const;

export type NotFoundCode = (typeof NOT_FOUND_CODES)[number];
export type RefusalCode = (typeof REFUSAL_CODES)[number] | RejectionCode;

/** Every code a domain error can carry: one list, exported by the package that produces them. */
export const DOMAIN_ERROR_CODES = [...NOT_FOUND_CODES, ...REFUSAL_CODES, ...REJECTION_CODES] as const;

/**
 * A failure the application names: callers decide what to do by its class (never by comparing
 * strings), and the HTTP shell maps each kind to one problem in one place.
 */
export abstract class DomainErrorBase extends Error {
  abstract readonly kind: DomainError['kind'];

  constructor(
    /** A sentence for the person or program that asked: what happened, and what to do. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = new.target.name;
  }
}

/** The thing asked for is not there, or not the caller's to see. */
export class NotFoundError extends DomainErrorBase {
  readonly kind = 'not-found';
  constructor(
    readonly code: NotFoundCode,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * The aggregate has moved on from the version the command was decided on: decide again. `reason`
 * `turn-timed-out`: meanwhile the caller's own turn timed out (a bot moved for them).
 */
export class StaleVersionError extends DomainErrorBase {
  readonly kind = 'stale';
  constructor(
    detail: string,
    readonly currentVersion: number,
    readonly reason?: 'turn-timed-out',
  ) {
    super(detail);
  }
}

/** The command is refused: by the rules (`byRules`, a `rules/…` code) or by the application. */
export class RefusedError extends DomainErrorBase {
  readonly kind = 'refused';
  readonly byRules: boolean;
  constructor(
    readonly code: RefusalCode,
    detail: string,
  ) {
    super(detail);
    this.byRules = (REJECTION_CODES as readonly string[]).includes(code);
  }
}

/** The idempotency key was recorded with another request. */
export class KeyReusedError extends DomainErrorBase {
  readonly kind = 'key-reused';
}

/** The command was recorded, but what follows it could not be finished: the same command again finishes it. */
export class RecordedButUnansweredError extends DomainErrorBase {
  readonly kind = 'recorded';
}

/** The store is briefly unavailable: nothing was recorded, or a retry with the same key recognises it. */
export class UnavailableError extends DomainErrorBase {
  readonly kind = 'unavailable';
}

/** A position past the newest there is (a version, a step). */
export class VersionAheadError extends DomainErrorBase {
  readonly kind = 'ahead';
  constructor(
    detail: string,
    readonly currentVersion: number,
  ) {
    super(detail);
  }
}

/** Input the caller sent that cannot be used (a cursor it was not given), by field. */
export class InvalidInputError extends DomainErrorBase {
  readonly kind = 'invalid';
  constructor(
    /** The input's name (a query parameter: `cursor`), or `request` for the request as a whole. */
    readonly field: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${field}: ${reason}`, options);
  }
}

/** A credential (a watch link) that opens nothing any more. */
export class UnauthenticatedError extends DomainErrorBase {
  readonly kind = 'unauthenticated';
}

/** Too many commands of one kind too fast (messages to a game): nothing was done; try again after `retryAfter`. */
export class RateLimitedError extends DomainErrorBase {
  readonly kind = 'rate-limited';
  constructor(
    detail: string,
    /** Whole seconds until one more is allowed (at least 1). */
    readonly retryAfter: number,
  ) {
    super(detail);
  }
}

/** Every domain error, told apart by `kind`. */
export type DomainError =
  | NotFoundError
  | StaleVersionError
  | RefusedError
  | KeyReusedError
  | RecordedButUnansweredError
  | UnavailableError
  | VersionAheadError
  | InvalidInputError
  | UnauthenticatedError
  | RateLimitedError;

/**
 * The domain error a failure from below stands for, or null for one the application does not name (a
 * bug): the store's typed errors are translated here, once, so the HTTP shell never imports the store.
 */
export function domainErrorOf(error: unknown): DomainError | null {
  if (error instanceof DomainErrorBase) return error as DomainError;
  if (error instanceof IdempotencyConflictError) return keyReused();
  if (error instanceof ProjectionLagError) return recordedButUnanswered(error);
  if (error instanceof ConcurrencyError) {
    return new StaleVersionError(
      `Another change was made first: it is at version ${error.currentVersion}.`,
      error.currentVersion,
    );
  }
  if (error instanceof StoreError && error.code === 'store/unavailable') {
    return new UnavailableError('The game store is briefly unavailable.', { cause: error });
  }
  if (error instanceof StoreError && error.code === 'store/invalid-request') {
    // DynamoDB's wording names tables, keys and indexes: it stays in the cause (logged), not the detail.
    return new InvalidInputError('request', 'cannot be carried out as given', { cause: error });
  }
  return null;
}

/**
 * A 404 that does not say whether the game exists: ids of other people's games do not leak.
 * @example throw notFound(gameId);
 */
export function notFound(gameId: string): NotFoundError {
  return new NotFoundError('game/not-found', `There is no game ${gameId} that you are seated in.`);
}

/** The key was recorded with another request. */
export function keyReused(detail = 'This Idempotency-Key was already used for a different request.'): KeyReusedError {
  return new KeyReusedError(detail);
}

/** A command recorded whose lists could not be updated: a retry (same key) repairs them. */
export function recordedButUnanswered(cause: unknown): RecordedButUnansweredError {
  return new RecordedButUnansweredError('The command was recorded, but the service could not finish answering.', {
    cause,
  });
}

/** A wait ended because the token it was made with was revoked meanwhile. */
export function revokedWhileWaiting(): UnauthenticatedError {
  return new UnauthenticatedError('This token was revoked while the request waited: sign in again.');
}

/** The account a token names is gone. */
export function playerGone(): NotFoundError {
  return new NotFoundError('player/not-found', 'The player this token was issued to no longer exists.');
}
