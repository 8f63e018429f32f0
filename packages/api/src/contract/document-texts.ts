/**
 * The words of the contract that belong to no one route: what the API is, how to authenticate, how
 * errors, retries, pagination and change work. They are openapi.yaml's `info` and tags.
 */

/** Where every server serves the rules of the game. */
export const RULES_PATH = '/docs/rules';

/**
 * The rules' URL on the default server (npm start's): `externalDocs.url` must be absolute for the
 * linters, and /docs points it at the server it is served from, as it does the servers.
 */
export const RULES_URL = `http://127.0.0.1:3000${RULES_PATH}`;

/** The docs on the default server (`info.contact`): /docs points it at its own server too. */
export const DOCS_URL = 'http://127.0.0.1:3000/docs';

/** Where this server explains every problem code. */
export const PROBLEMS_URL = '/problems';

/** The token a player gets from `POST /v1/players`, as `components/securitySchemes`. */
export const BEARER_AUTH = {
  type: 'http' as const,
  scheme: 'bearer',
  bearerFormat: 'cf2.<player id>.<session id>.<signature>',
  description: [
    'The token from `POST /v1/players` (or `POST /v1/me/tokens`), sent as `Authorization: Bearer <token>`.',
    'Its format is `cf2.` + the player id (`p_` and 22 base64url characters) + `.` + the session id (11) + `.` + an HMAC-SHA256 signature (43): `^cf2\\.p_[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{11}\\.[A-Za-z0-9_-]{43}$`. Treat it as opaque and keep it secret.',
    'It has no expiry: it is valid until it is revoked (`DELETE /v1/me/tokens/{tokenId}`, `DELETE /v1/me/tokens`), its account is deleted, or the operator changes the server’s signing secret. A revoked token is refused by every server within 15 seconds.',
  ].join(' '),
};

/** A watch link's token, as `components/securitySchemes`. */
export const WATCH_AUTH = {
  type: 'http' as const,
  scheme: 'bearer',
  description:
    'A watch token, from `POST /v1/games/{id}/watch-links`, sent as `Authorization: Bearer <token>` to the `/v1/watch` routes only. Opaque; valid until any seated player revokes the link.',
};

/** `info.description`: the API in a few paragraphs, with the rules that hold for every operation. */
export const INFO_DESCRIPTION = [
  'Chickenfoot dominoes, played asynchronously: take your turn whenever it suits you and catch up on everything that happened since.',
  `Register with \`POST /v1/players\` to get a bearer token. Create a game, share its invite code, and play from \`legalMoves\` in your view of the game. The rules of the game, every option and every decision: [${RULES_PATH}](${RULES_PATH}) on every server.`,
  '## Formats',
  'Times are ISO 8601 in UTC, to the millisecond (`2026-11-30T07:00:00.000Z`). Ids are a prefix and 22 base64url characters: `g_` a game, `p_` a player, `we_` a webhook endpoint. A body with kinds (an event, a move, a notification) says which it is by its `type`; in what you receive, ignore a type you do not know.',
  '## Errors',
  `Every error is an RFC 9457 \`application/problem+json\` document (\`Problem\`). Branch on its \`code\`: each operation lists its codes per status. Its \`type\` is a page of this server that explains the code in words, what happened and what to do; every code is listed at [${PROBLEMS_URL}](${PROBLEMS_URL}). A path that exists answers a method it does not have with \`405\` and an \`Allow\` header (\`#/components/responses/MethodNotAllowed\`).`,
  'Every answer also carries `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and `X-Frame-Options: DENY`.',
  'A page of another origin may call every operation from a browser (CORS), if the server allows its origin (by default, any): every method and every request header the operations take are allowed, and every response header they declare can be read. No credentials: the token is a header, never a cookie.',
  '## Retries and idempotency',
  'Operations that create or change something take an `Idempotency-Key` (a fresh random UUID per intended change): a retry with the same key returns the first reply, byte for byte, and never applies twice. Retry a network error at once, a `503` or `429` after `Retry-After` seconds, with the same key. Never retry a `412` as is: decide again from `currentVersion` (its `ETag` too); without `If-Match` (creating, joining) the game changed under the request: retry with the same key. Every answer to a retry says so: `Idempotent-Replayed: true` (a first answer has no such header). An operation without a key says why.',
  '## Lists',
  'Every list pages alike: send a page’s `nextCursor` back as `cursor` for the next one; it is null when the page ends the list as it is now. A log (events, messages) resumes later `after` the last `version` or `seq` you saw.',
  '## Versions and change',
  'Changes are conditional: send the `ETag` you decided on as `If-Match` (one strong entity tag, quoted: `"12"`). A weak tag (`W/"12"`) never matches (`412`); `*`, lists and unquoted values are refused (`400`). `If-None-Match` on `GET /v1/games/{id}` answers `304` while nothing changed.',
  'The contract is versioned (`info.version`, semantic versioning): within a major version it changes by additions only (operations, optional inputs, response fields, enum values and event types in responses, problem codes), so ignore what you do not know. A breaking change comes with a new major version; what goes is first marked `deprecated` and answered with `Deprecation` and `Sunset` headers for at least 6 months. See CHANGELOG.md and docs/contract.md.',
].join('\n\n');

/** The tags, in the order the docs show them. */
export const TAGS = [
  { name: 'Players', description: 'Registration and your games.' },
  { name: 'Games', description: 'Creating, joining, reading and catching up on games.' },
  { name: 'Moves', description: 'Taking your turn, and the turn clock.' },
  { name: 'Account', description: 'Your name, your tokens, and deleting your account.' },
  { name: 'Lobby', description: 'Finding opponents: open games, and quick match.' },
  { name: 'Watching', description: 'Watch links: spectators see the board, never a tile of a seat.' },
  { name: 'Messages', description: 'Talking at the table: short messages beside a game, and muting them.' },
  {
    name: 'Webhooks',
    description:
      'Being told without polling: your endpoints, the notifications POSTed to them, their delivery logs. Each notification (`webhooks`) is POSTed to each of your endpoints that subscribes to it, signed (Standard Webhooks v1). Answer 2xx within 15 s; anything else is retried for about three days, and 410 Gone turns the endpoint off.',
  },
  {
    name: 'Notifications',
    description:
      'Being told in your browser with no tab open (Web Push): your devices, what each is told of, a test notification.',
  },
  { name: 'Testing', description: 'Local and test servers only: a clock to move forward, for testing deadlines.' },
];
