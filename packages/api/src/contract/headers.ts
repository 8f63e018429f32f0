/**
 * The response headers the contract documents, as reusable components (`#/components/headers/…`),
 * and which responses carry which.
 */

/** The components, by name. `RateLimit` and `RateLimit-Policy` follow draft-ietf-httpapi-ratelimit-headers-11. */
export const HEADER_COMPONENTS = {
  RequestId: {
    description: 'The request id: quote it when reporting a problem. Sent on every response.',
    required: true,
    schema: { type: 'string' as const },
  },
  RateLimit: {
    description:
      'Your rate limit now, as a Structured Field (draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<requests left>;t=<seconds>`. Within `t` seconds no more than `r` more requests can be sent; after that the quota has grown again.',
    required: true,
    schema: { type: 'string' as const, pattern: '^"[a-z-]+";r=\\d+;t=\\d+$', example: '"player";r=59;t=1' },
  },
  RateLimitPolicy: {
    description:
      'The rate-limit policy, as a Structured Field (draft-ietf-httpapi-ratelimit-headers): `"player"` (per player, on every route with a token), `"registration"` or `"invitation"` (per client address), `q` requests per `w` seconds: a burst of `q` at once, refilled evenly.',
    required: true,
    schema: { type: 'string' as const, pattern: '^"[a-z-]+";q=\\d+;w=\\d+$', example: '"player";q=60;w=3' },
  },
  RateLimitIfCounted: {
    description:
      'As `RateLimit`, once the request was counted against a limit: absent when it was refused before that (no valid token, a body too large).',
    required: false,
    schema: { type: 'string' as const, pattern: '^"[a-z-]+";r=\\d+;t=\\d+$', example: '"player";r=59;t=1' },
  },
  RateLimitPolicyIfCounted: {
    description: 'As `RateLimit-Policy`, once the request was counted against a limit.',
    required: false,
    schema: { type: 'string' as const, pattern: '^"[a-z-]+";q=\\d+;w=\\d+$', example: '"player";q=60;w=3' },
  },
  ETag: {
    description: 'The game version, quoted (`"12"`): send it back in If-Match, or in If-None-Match to get a 304.',
    required: true,
    schema: { type: 'string' as const, pattern: '^"\\d+"$', example: '"12"' },
  },
  AccountETag: {
    description:
      'Your account’s version, quoted (`"3"`): send it back in If-Match to change the account (a rename, a revocation, its deletion).',
    required: true,
    schema: { type: 'string' as const, pattern: '^"\\d+"$', example: '"3"' },
  },
  CurrentETag: {
    description:
      'The current version of what the request named (the game, or your account), quoted, as `currentVersion` says it: the ETag to decide again on.',
    required: true,
    schema: { type: 'string' as const, pattern: '^"\\d+"$', example: '"13"' },
  },
  IdempotentReplayed: {
    description:
      '`true` when this is a retry’s answer: the first reply to this `Idempotency-Key`, sent again (nothing was done twice). Absent on a first answer.',
    required: false,
    schema: { type: 'string' as const, enum: ['true'] },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer' as const, minimum: 1 },
  },
  CacheControl: {
    description:
      'Who may keep the response, and how long: `private, no-cache` on what changes (a game, a list, a log: a browser keeps it and asks again, with `If-None-Match` where there is an ETag), `private, max-age=3600` on what a finished game never changes (its export, its replay). Never a shared cache: each reply is one player’s.',
    required: true,
    schema: { type: 'string' as const, example: 'private, no-cache' },
  },
  Vary: {
    description: '`Authorization`: the response depends on who asks (each player sees their own tiles).',
    required: true,
    schema: { type: 'string' as const, example: 'Authorization' },
  },
  ContentDisposition: {
    description: 'The export is a file to save: `attachment; filename="<game id>.json"`.',
    required: true,
    schema: { type: 'string' as const, example: 'attachment; filename="g_3q2-7wEvQ_6pXJ5Rk1ZPaA.json"' },
  },
  Allow: {
    description: 'The methods this path has, comma-separated (`GET, PATCH, DELETE`).',
    required: true,
    schema: { type: 'string' as const, example: 'GET, PATCH, DELETE' },
  },
  WWWAuthenticate: {
    description: 'The authentication scheme: `Bearer` (with `error="invalid_token"` for a token that is not valid).',
    required: true,
    schema: { type: 'string' as const },
  },
};

type HeaderName = keyof typeof HEADER_COMPONENTS;
const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** The `ETag` header of a response about one game. */
export const etag = { ETag: ref('ETag') };

/** The headers of a command's reply that a retry may get: the game's ETag, and the replay mark. */
export const commandReplyHeaders = { ETag: ref('ETag'), 'Idempotent-Replayed': ref('IdempotentReplayed') };

/** The replay mark, on a created thing a retry may get again. */
export const replayed = { 'Idempotent-Replayed': ref('IdempotentReplayed') };

/** `Cache-Control`, on every response that is one player's read. */
export const cacheControl = { 'Cache-Control': ref('CacheControl') };

/** `Vary: Authorization`, on a response that differs by viewer. */
export const varyByViewer = { Vary: ref('Vary') };

/** `Content-Disposition`, on a file to save. */
export const contentDisposition = { 'Content-Disposition': ref('ContentDisposition') };

/** The `ETag` header of a response about your account. */
export const accountEtag = { ETag: ref('AccountETag') };

/** The headers of a success response (or a 304): the request id and the rate limit. */
export const successHeaders = () => ({
  'X-Request-Id': ref('RequestId'),
  RateLimit: ref('RateLimit'),
  'RateLimit-Policy': ref('RateLimitPolicy'),
});

/**
 * The headers of a problem response with `status`. The rate-limit headers come with every response
 * once the request was counted against a limit, but not with one refused before that (a 401, a 413):
 * with a 429 they are required, with any other problem optional. A 412 carries the current ETag.
 */
export function problemHeaders(status: number) {
  return {
    'X-Request-Id': ref('RequestId'),
    ...(status === 429
      ? { 'Retry-After': ref('RetryAfter'), RateLimit: ref('RateLimit'), 'RateLimit-Policy': ref('RateLimitPolicy') }
      : { RateLimit: ref('RateLimitIfCounted'), 'RateLimit-Policy': ref('RateLimitPolicyIfCounted') }),
    ...(status === 503 ? { 'Retry-After': ref('RetryAfter') } : {}),
    ...(status === 412 ? { ETag: ref('CurrentETag') } : {}),
    ...(status === 401 ? { 'WWW-Authenticate': ref('WWWAuthenticate') } : {}),
  };
}
