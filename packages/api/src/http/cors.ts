/**
 * What a browser client on another origin may send to the API and read from its answers: every
 * method the contract has, every request header it reads (besides the token and the JSON body's
 * type, a caller's request id), and every response header it sets that a browser would otherwise
 * hide. No cookies: the API authenticates with a bearer token, so credentials are never allowed.
 * API Gateway answers with this on AWS (infra's `GameApi`), `npm start` on Node. A test holds it to
 * the contract: an operation, header or method added there and missing here fails it.
 */
export const CORS_POLICY = {
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: [
    'authorization',
    'content-type',
    'idempotency-key',
    'if-match',
    'if-none-match',
    'invite-code',
    'x-request-id',
  ],
  exposeHeaders: [
    'content-disposition',
    'etag',
    'idempotent-replayed',
    'location',
    'ratelimit',
    'ratelimit-policy',
    'retry-after',
    'vary',
    'www-authenticate',
    'x-request-id',
  ],
  /** How long a browser may keep a preflight's answer. */
  maxAgeSeconds: 3600,
} as const;
