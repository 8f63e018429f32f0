import { ApiProblem } from '../problems';

/**
 * A 404 that does not say whether the game exists: ids of other people's games do not leak.
 * @example throw notFound(gameId);
 */
export function notFound(gameId: string): ApiProblem {
  return new ApiProblem('game/not-found', `There is no game ${gameId} that you are seated in.`);
}

/** A 412: the game has moved on from the version the command was decided on. */
export function versionMismatch(detail: string, currentVersion: number): ApiProblem {
  return new ApiProblem('request/version-mismatch', detail, { currentVersion });
}

/** A 422: the key was recorded with another request. */
export function keyReused(): ApiProblem {
  return new ApiProblem(
    'request/idempotency-key-reused',
    'This Idempotency-Key was already used for a different request on this game.',
  );
}

/** A 503 for a command that was recorded but whose lists could not be updated: a retry (same key) repairs them. */
export function recordedButUnanswered(cause: unknown): ApiProblem {
  return new ApiProblem(
    'service/unavailable',
    'Your command was recorded, but the service could not finish answering. Retry with the same Idempotency-Key to get its result.',
    {},
    { 'Retry-After': '1' },
    { cause },
  );
}
