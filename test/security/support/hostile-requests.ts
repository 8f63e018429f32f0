import fc from 'fast-check';
import {
  bodyText,
  DEVICE_KEYS,
  headerSafe,
  hostileNumber,
  hostileString,
  mutated,
  NEAR,
  urlSafe,
} from './hostile-values';

/** Who a request claims to be. */
export type Identity = 'ann' | 'bob' | 'cat' | 'eve' | 'ghost' | 'forged' | 'altered' | 'garbage' | 'none';
/** Which game a path names: the suite's three, one nobody created, or a string that is no game id. */
export type GameKey = 'waiting' | 'playing' | 'finished' | 'unknown' | 'garbage';

/** The routes of openapi.yaml (and the documentation the app serves), with a valid body where they take one. */
export const ROUTES = [
  { route: 'POST /v1/players', method: 'POST', path: '/v1/players', body: { name: 'Mallory' } },
  { route: 'GET /v1/me', method: 'GET', path: '/v1/me' },
  { route: 'GET /v1/me/games', method: 'GET', path: '/v1/me/games' },
  { route: 'POST /v1/games', method: 'POST', path: '/v1/games', body: { seats: 2, rules: { set: 6 } } },
  { route: 'POST /v1/games/{id}/join', method: 'POST', path: '/v1/games/{id}/join', body: { inviteCode: '{code}' } },
  { route: 'GET /v1/games/{id}', method: 'GET', path: '/v1/games/{id}' },
  { route: 'GET /v1/games/{id}/invitation', method: 'GET', path: '/v1/games/{id}/invitation' },
  {
    route: 'POST /v1/games/{id}/moves',
    method: 'POST',
    path: '/v1/games/{id}/moves',
    body: { type: 'play', tile: '6-4', on: 0 },
  },
  { route: 'GET /v1/games/{id}/events', method: 'GET', path: '/v1/games/{id}/events' },
  {
    route: 'POST /v1/games/{id}/bots',
    method: 'POST',
    path: '/v1/games/{id}/bots',
    body: { level: 'greedy', seat: 1 },
  },
  { route: 'POST /v1/games/{id}/leave', method: 'POST', path: '/v1/games/{id}/leave' },
  { route: 'POST /v1/games/{id}/return', method: 'POST', path: '/v1/games/{id}/return' },
  { route: 'POST /v1/games/{id}/time', method: 'POST', path: '/v1/games/{id}/time', body: { hours: 24 } },
  { route: 'POST /v1/games/{id}/cancel', method: 'POST', path: '/v1/games/{id}/cancel' },
  { route: 'POST /v1/games/{id}/rematch', method: 'POST', path: '/v1/games/{id}/rematch' },
  { route: 'GET /v1/games/{id}/export', method: 'GET', path: '/v1/games/{id}/export' },
  { route: 'GET /v1/games/{id}/replay', method: 'GET', path: '/v1/games/{id}/replay' },
  { route: 'POST /v1/games/{id}/messages', method: 'POST', path: '/v1/games/{id}/messages', body: { text: 'hi' } },
  { route: 'GET /v1/games/{id}/messages', method: 'GET', path: '/v1/games/{id}/messages' },
  {
    route: 'PUT /v1/games/{id}/messages/mute',
    method: 'PUT',
    path: '/v1/games/{id}/messages/mute',
    body: { muted: true },
  },
  { route: 'GET /v1/lobby', method: 'GET', path: '/v1/lobby' },
  { route: 'POST /v1/games/{id}/watch-links', method: 'POST', path: '/v1/games/{id}/watch-links' },
  { route: 'GET /v1/games/{id}/watch-links', method: 'GET', path: '/v1/games/{id}/watch-links' },
  {
    route: 'DELETE /v1/games/{id}/watch-links/{linkId}',
    method: 'DELETE',
    path: '/v1/games/{id}/watch-links/{link}',
  },
  { route: 'GET /v1/watch', method: 'GET', path: '/v1/watch' },
  { route: 'GET /v1/watch/events', method: 'GET', path: '/v1/watch/events' },
  {
    route: 'POST /v1/lobby/quick-match',
    method: 'POST',
    path: '/v1/lobby/quick-match',
    body: { seats: 3, rules: { set: 9 } },
  },
  { route: 'PATCH /v1/me', method: 'PATCH', path: '/v1/me', body: { name: 'Mallory' } },
  { route: 'DELETE /v1/me', method: 'DELETE', path: '/v1/me' },
  { route: 'GET /v1/me/tokens', method: 'GET', path: '/v1/me/tokens' },
  { route: 'POST /v1/me/tokens', method: 'POST', path: '/v1/me/tokens' },
  { route: 'DELETE /v1/me/tokens', method: 'DELETE', path: '/v1/me/tokens' },
  { route: 'DELETE /v1/me/tokens/{tokenId}', method: 'DELETE', path: '/v1/me/tokens/{token}' },
  {
    route: 'POST /v1/me/webhooks',
    method: 'POST',
    path: '/v1/me/webhooks',
    body: { url: 'https://hooks.example.com/x', events: ['turn.started'] },
  },
  { route: 'GET /v1/me/webhooks', method: 'GET', path: '/v1/me/webhooks' },
  { route: 'GET /v1/me/webhooks/{endpointId}', method: 'GET', path: '/v1/me/webhooks/{endpoint}' },
  {
    route: 'PATCH /v1/me/webhooks/{endpointId}',
    method: 'PATCH',
    path: '/v1/me/webhooks/{endpoint}',
    body: { description: 'x', url: 'https://hooks.example.com/y' },
  },
  { route: 'DELETE /v1/me/webhooks/{endpointId}', method: 'DELETE', path: '/v1/me/webhooks/{endpoint}' },
  { route: 'POST /v1/me/webhooks/{endpointId}/secret', method: 'POST', path: '/v1/me/webhooks/{endpoint}/secret' },
  { route: 'POST /v1/me/webhooks/{endpointId}/test', method: 'POST', path: '/v1/me/webhooks/{endpoint}/test' },
  {
    route: 'GET /v1/me/webhooks/{endpointId}/deliveries',
    method: 'GET',
    path: '/v1/me/webhooks/{endpoint}/deliveries',
  },
  {
    route: 'POST /v1/me/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver',
    method: 'POST',
    path: '/v1/me/webhooks/{endpoint}/deliveries/{delivery}/redeliver',
  },
  { route: 'GET /v1/push/key', method: 'GET', path: '/v1/push/key' },
  {
    route: 'POST /v1/me/push-subscriptions',
    method: 'POST',
    path: '/v1/me/push-subscriptions',
    body: { endpoint: 'https://push.example.com/send/x', keys: DEVICE_KEYS, label: 'phone' },
  },
  { route: 'GET /v1/me/push-subscriptions', method: 'GET', path: '/v1/me/push-subscriptions' },
  {
    route: 'PATCH /v1/me/push-subscriptions/{subscriptionId}',
    method: 'PATCH',
    path: '/v1/me/push-subscriptions/{subscription}',
    body: { label: 'tablet', events: ['turn.started'] },
  },
  {
    route: 'DELETE /v1/me/push-subscriptions/{subscriptionId}',
    method: 'DELETE',
    path: '/v1/me/push-subscriptions/{subscription}',
  },
  {
    route: 'POST /v1/me/push-subscriptions/{subscriptionId}/test',
    method: 'POST',
    path: '/v1/me/push-subscriptions/{subscription}/test',
  },
  // The suite's server has no test clock (as none on AWS): these are never a success (404).
  { route: 'GET /v1/test-clock', method: 'GET', path: '/v1/test-clock' },
  { route: 'POST /v1/test-clock/advance', method: 'POST', path: '/v1/test-clock/advance', body: { hours: 24 } },
  { route: 'GET /openapi.json', method: 'GET', path: '/openapi.json' },
  { route: 'GET /docs', method: 'GET', path: '/docs' },
  { route: 'GET /', method: 'GET', path: '/' },
] as const;

/** One generated request, with what the suite needs to judge its answer. */
export interface HostileRequest {
  readonly route: string;
  readonly method: string;
  readonly path: string;
  readonly identity: Identity;
  readonly game: GameKey | null;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** For a garbage Authorization header. */
  readonly authText: string;
  /** Picks among variants (which altered token, which garbage form). */
  readonly pick: number;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'FOO', 'M-SEARCH'];
const identity = fc.constantFrom<Identity>('ann', 'bob', 'cat', 'eve', 'ghost', 'forged', 'altered', 'garbage', 'none');
const game = fc.constantFrom<GameKey>('waiting', 'playing', 'finished', 'playing', 'unknown', 'garbage');
const key = fc.oneof(
  fc.uuid(),
  fc.constantFrom('short', 'k'.repeat(129), 'has spaces in it ok', 'ключ-ключ-ключ-ключ'),
  hostileString,
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });

/** The near misses for the fields a body has. */
const nearFor = (body: object) => Object.fromEntries(Object.keys(body).flatMap((k) => (NEAR[k] ? [[k, NEAR[k]]] : [])));

/** Cursors that decode (base64url JSON of key pairs, as the API's are) but were never handed out. */
const forgedCursor = fc
  .array(
    fc.tuple(
      fc.constantFrom('pk', 'sk', 'gpk', 'gsk', 'apk', 'ask', 'x'),
      fc.oneof(
        hostileString,
        fc.constantFrom('player#p_AAAAAAAAAAAAAAAAAAAAAA', 'game#g_AAAAAAAAAAAAAAAAAAAAAA', '1', 'abc'),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => Buffer.from(JSON.stringify(pairs)).toString('base64url'));

/** Query strings: the route's own parameters with hostile values, repeated, or unknown ones. */
function query(route: string): fc.Arbitrary<string> {
  const names = route.endsWith('/events')
    ? ['after', 'limit', 'wait']
    : route.endsWith('/me/games')
      ? ['turn', 'limit', 'cursor', 'wait']
      : route.endsWith('/lobby')
        ? ['limit', 'cursor']
        : route.endsWith('/replay')
          ? ['at']
          : route.endsWith('/watch/events')
            ? ['after', 'limit', 'wait']
            : route.endsWith('/messages')
              ? ['after', 'limit']
              : route.endsWith('/deliveries')
                ? ['limit', 'cursor']
                : ['x'];
  const value = fc.oneof(
    hostileNumber.map(String),
    hostileString,
    forgedCursor,
    fc.constantFrom('mine', '0', '1', '20', '21', '1000', '1001', ''),
  );
  return fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: hostileString }),
        value,
      ),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${urlSafe(k)}=${urlSafe(v)}`).join('&')}` : ''));
}

/** Paths no route serves: near misses, traversal, other versions, odd encodings. */
const unknownPath = fc.oneof(
  fc.constantFrom(
    '/v1',
    '/v1/',
    '/v2/games',
    '/v1/players/me',
    '/v1/games/{id}/moves/1',
    '/v1/games/{id}/unknown',
    '/admin',
    '/.env',
    '/v1/games/../../admin',
    '/v1/me/games/',
    '//v1/me',
    '/V1/ME',
  ),
  hostileString.map((s) => `/v1/${urlSafe(s).slice(0, 3000)}`),
);

/**
 * A request a hostile client could send: any route (or none) with any method, any identity, hostile
 * path ids, query parameters, headers and bodies. `resolve` turns its placeholders into real tokens
 * and ids; see the hostile-input suite.
 */
export const hostileRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    target: fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(...ROUTES) },
      { weight: 1, arbitrary: unknownPath.map((path) => ({ route: 'unknown', method: 'GET', path, body: undefined })) },
    ),
    wrongMethod: fc.oneof(
      { weight: 5, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    identity,
    game,
    gameText: hostileString,
    authText: hostileString,
    pick: fc.nat(),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          undefined,
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/problem+json',
          'APPLICATION/JSON',
          'application/json; charset=utf-16',
          '*/*',
        ),
      },
      { weight: 1, arbitrary: hostileString },
    ),
    ifMatch: maybe(
      fc.oneof(
        fc.constantFrom(
          '"{version}"',
          '"{stale}"',
          'W/"{version}"',
          '{version}',
          '*',
          '"abc"',
          '"99999999999999999999"',
          '"-1"',
          '""',
        ),
        hostileString,
      ),
    ),
    idempotencyKey: fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 1, arbitrary: maybe(key) }),
    ifNoneMatch: maybe(fc.oneof(fc.constantFrom('"{version}"', '*', 'W/"{version}"', '"1", "2"'), hostileString)),
    // The invitation's code: the game's own (`{code}`), another's, or anything.
    inviteCode: maybe(fc.oneof(fc.constantFrom('{code}', '{code} ', 'ABCDEFGHJK', ''), hostileString)),
    requestId: maybe(hostileString),
    override: maybe(fc.constantFrom('DELETE', 'PUT', 'GET')),
  })
  .chain((r) =>
    fc.record({
      r: fc.constant(r),
      query: query(r.target.path),
      body:
        'body' in r.target && r.target.body
          ? bodyText(mutated(r.target.body, nearFor(r.target.body)))
          : fc.option(bodyText(fc.jsonValue({ maxDepth: 2 })), { nil: undefined, freq: 4 }),
    }),
  )
  .map(({ r, query: q, body }) => {
    const method = r.wrongMethod ?? r.target.method;
    const headers: Record<string, string> = {};
    if (r.contentType !== undefined) headers['content-type'] = headerSafe(r.contentType);
    if (r.ifMatch !== undefined) headers['if-match'] = headerSafe(r.ifMatch);
    if (r.idempotencyKey !== undefined) headers['idempotency-key'] = headerSafe(r.idempotencyKey);
    if (r.ifNoneMatch !== undefined) headers['if-none-match'] = headerSafe(r.ifNoneMatch);
    if (r.requestId !== undefined) headers['x-request-id'] = headerSafe(r.requestId);
    if (r.inviteCode !== undefined) headers['invite-code'] = headerSafe(r.inviteCode);
    if (r.override !== undefined) headers['x-http-method-override'] = r.override;
    const named = r.target.path.includes('{id}');
    // A token id: a real one of the caller's (its session), the legacy one, or anything.
    const tokenId =
      [`{session}`, 'legacy', 'AAAAAAAAAAA', urlSafe(r.gameText).slice(0, 300) || '%20'][r.pick % 4] ?? '';
    // A link id: never an open one (revoking it would be a legitimate change), but well-formed or not.
    const linkId = ['AAAAAAAAAAA', 'legacy', urlSafe(r.gameText).slice(0, 300) || '%20'][r.pick % 3] ?? '';
    const path = r.target.path
      .replace('{token}', tokenId)
      .replace('{link}', linkId)
      .replace('{id}', r.game === 'garbage' ? urlSafe(r.gameText).slice(0, 3000) || '%20' : `{${r.game}}`);
    return {
      route: r.target.route,
      method,
      path: `${path}${q}`,
      identity: r.identity,
      game: named ? r.game : null,
      authText: r.authText,
      pick: r.pick,
      headers,
      ...(method === 'GET' || method === 'HEAD' || body === undefined ? {} : { body }),
    };
  });
