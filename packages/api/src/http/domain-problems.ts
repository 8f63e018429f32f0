import type { DomainError } from '@chickenfoot/app';
import { ApiProblem } from '../problems';

/**
 * The one place a domain error becomes a problem: its kind picks the code, the status (`PROBLEMS`) and
 * what a client is told to do next (retry with the same key, decide again on the current version).
 * @example throw problemOf(new StaleVersionError('The game is at version 7, not 6.', 7));
 */
export function problemOf(error: DomainError): ApiProblem {
  switch (error.kind) {
    case 'not-found':
    case 'refused':
      return new ApiProblem(error.code, error.detail);
    case 'stale': {
      // The current ETag beside currentVersion: what a client decides again on, as a 200 would give it.
      const code = error.reason === 'turn-timed-out' ? 'game/turn-timed-out' : 'request/version-mismatch';
      return new ApiProblem(
        code,
        error.detail,
        { currentVersion: error.currentVersion },
        { ETag: `"${error.currentVersion}"` },
      );
    }
    case 'ahead':
      return new ApiProblem('request/version-ahead', error.detail, { currentVersion: error.currentVersion });
    case 'key-reused':
      return new ApiProblem('request/idempotency-key-reused', error.detail);
    case 'recorded':
      return new ApiProblem(
        'service/unavailable',
        `${error.detail} Retry with the same Idempotency-Key to get its result.`,
        {},
        { 'Retry-After': '1' },
      );
    case 'unavailable':
      return new ApiProblem(
        'service/unavailable',
        `${error.detail} Retry the request (with the same Idempotency-Key).`,
        {},
        { 'Retry-After': '1' },
      );
    case 'invalid': {
      const path = error.field === 'request' ? 'request' : `query.${error.field}`;
      return error.field === 'request'
        ? new ApiProblem('request/invalid', 'The request cannot be carried out as given.')
        : new ApiProblem('request/invalid', `${path}: ${error.reason}`, { issues: [{ path, message: error.reason }] });
    }
    case 'unauthenticated':
      return new ApiProblem(
        'auth/unauthenticated',
        error.detail,
        {},
        { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
      );
    case 'rate-limited':
      return new ApiProblem('request/too-many-requests', error.detail, {}, { 'Retry-After': String(error.retryAfter) });
    default:
      return unreachable(error);
  }
}

function unreachable(error: never): never {
  throw new TypeError(`a domain error of no known kind: ${String(error)}`);
}
