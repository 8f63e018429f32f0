import { REJECTION_CODES, type RejectionCode } from '@chickenfoot/rules';

/** Every problem the API can answer with, and its HTTP status. A code's `type` never changes. */
export const PROBLEMS = {
  'request/invalid': { status: 400, title: 'The request is not valid' },
  'request/malformed-json': { status: 400, title: 'The body is not valid JSON' },
  'request/idempotency-key-required': { status: 400, title: 'An Idempotency-Key header is required' },
  'request/method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request/not-found': { status: 404, title: 'No such resource' },
  'request/too-large': { status: 413, title: 'The body is too large' },
  'request/unsupported-media-type': { status: 415, title: 'Send the body as application/json' },
  'request/idempotency-key-reused': { status: 422, title: 'This Idempotency-Key was used for another request' },
  'request/if-match-required': { status: 428, title: 'An If-Match header with the version is required' },
  'request/version-mismatch': { status: 412, title: 'The game has moved on' },
  'request/version-ahead': { status: 400, title: 'That version is past the game’s newest' },
  'request/too-many-requests': { status: 429, title: 'Too many requests' },
  'auth/unauthenticated': { status: 401, title: 'A valid bearer token is required' },
  'game/not-found': { status: 404, title: 'No such game' },
  'game/left': { status: 403, title: 'You left this game' },
  'game/not-finished': { status: 422, title: 'The game is not over' },
  // 412 as any move decided on an older version (a client that only knows that code refetches, as it should).
  'game/turn-timed-out': { status: 412, title: 'Your turn timed out: a bot moved for you' },
  'game/watch-link-not-found': { status: 404, title: 'No such watch link of this game' },
  'game/too-many-watch-links': { status: 422, title: 'Too many watch links are open' },
  'player/not-found': { status: 404, title: 'No such player' },
  'player/deleted': { status: 410, title: 'This account was deleted' },
  'player/token-revoked': { status: 409, title: 'That token was revoked' },
  'player/token-not-found': { status: 404, title: 'No such token of yours' },
  'player/too-many-tokens': { status: 422, title: 'Too many tokens are open' },
  'webhook/not-found': { status: 404, title: 'No such webhook endpoint of yours' },
  'webhook/delivery-not-found': { status: 404, title: 'No such delivery of this endpoint' },
  'webhook/too-many-endpoints': { status: 422, title: 'Too many webhook endpoints' },
  'webhook/url-invalid': { status: 422, title: 'The URL is not a valid absolute URL' },
  'webhook/url-not-https': { status: 422, title: 'Webhook URLs must be https://' },
  'webhook/url-not-allowed': { status: 422, title: 'The URL’s host is not a public address' },
  'push/not-found': { status: 404, title: 'No such push subscription of yours' },
  'push/not-configured': { status: 404, title: 'Web Push is not set up on this server' },
  'push/too-many-subscriptions': { status: 422, title: 'Too many push subscriptions' },
  'push/endpoint-invalid': { status: 422, title: 'The push endpoint is not a valid absolute URL' },
  'push/endpoint-not-https': { status: 422, title: 'Push endpoints must be https://' },
  'push/endpoint-not-allowed': { status: 422, title: 'The push endpoint’s host is not a public address' },
  'push/keys-invalid': {
    status: 422,
    title: 'The subscription’s keys are not a P-256 public key and a 16-byte secret',
  },
  'service/unavailable': { status: 503, title: 'The service is briefly unavailable: retry' },
  'service/error': { status: 500, title: 'Something went wrong on our side' },
  ...Object.fromEntries(REJECTION_CODES.map((code) => [code, { status: 422, title: titleOf(code) }])),
} as Record<
  ProblemCode,
  { status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 412 | 413 | 415 | 422 | 428 | 429 | 500 | 503; title: string }
>;

/** A problem code: `request/…`, `auth/…`, `game/…`, `player/…`, `webhook/…`, `push/…`, `service/…` or a rules code. */
export type ProblemCode =
  | 'request/invalid'
  | 'request/malformed-json'
  | 'request/idempotency-key-required'
  | 'request/method-not-allowed'
  | 'request/not-found'
  | 'request/too-large'
  | 'request/unsupported-media-type'
  | 'request/idempotency-key-reused'
  | 'request/if-match-required'
  | 'request/version-mismatch'
  | 'request/version-ahead'
  | 'request/too-many-requests'
  | 'auth/unauthenticated'
  | 'game/not-found'
  | 'game/left'
  | 'game/not-finished'
  | 'game/watch-link-not-found'
  | 'game/turn-timed-out'
  | 'game/too-many-watch-links'
  | 'player/not-found'
  | 'player/deleted'
  | 'player/token-revoked'
  | 'player/token-not-found'
  | 'player/too-many-tokens'
  | 'webhook/not-found'
  | 'webhook/delivery-not-found'
  | 'webhook/too-many-endpoints'
  | 'webhook/url-invalid'
  | 'webhook/url-not-https'
  | 'webhook/url-not-allowed'
  | 'push/not-found'
  | 'push/not-configured'
  | 'push/too-many-subscriptions'
  | 'push/endpoint-invalid'
  | 'push/endpoint-not-https'
  | 'push/endpoint-not-allowed'
  | 'push/keys-invalid'
  | 'service/unavailable'
  | 'service/error'
  | RejectionCode;

/** Extra members a problem may carry (see `ProblemSchema`). */
export interface ProblemExtras {
  currentVersion?: number;
  issues?: { path: string; message: string }[];
}

/** The `type` URI of a problem code: a path on this API (`/problems/rules/not-your-turn`). */
export const problemType = (code: ProblemCode) => `/problems/${code}`;

/** A problem to answer with, thrown from anywhere below a route; `app.onError` turns it into a response. */
export class ApiProblem extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extras: ProblemExtras = {},
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options);
    this.name = 'ApiProblem';
  }
}

function titleOf(code: string): string {
  const words = code.replace(/^rules\//, '').replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
