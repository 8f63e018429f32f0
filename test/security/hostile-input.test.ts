import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { hostileRequest, ROUTES, type HostileRequest, type Identity } from './support/hostile-requests';
import { BODY_LIMIT } from './support/hostile-values';
import { authorization, buildWorld, gameOf, type World } from './support/hostile-world';
import { conform } from '../support/contract/tally';
import { problemFault } from './support/problem';
import { figure, scaled, SOAK } from './support/scale';

const BATCH = 16;
const REQUESTS = scaled(6_144);
const REGISTERED: readonly Identity[] = ['ann', 'bob', 'cat', 'eve'];
const SIGNED: readonly Identity[] = [...REGISTERED, 'ghost'];
const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/;
// The routes that change the caller's account at an If-Match: guarded in `send`, so never a success.
const ACCOUNT_CHANGES = new Set([
  'PATCH /v1/me',
  'DELETE /v1/me',
  'DELETE /v1/me/tokens',
  'DELETE /v1/me/tokens/{tokenId}',
]);
// An escaped unpaired surrogate: JSON that strict parsers (Go, Rust, Swift, Python's strict modes) refuse or rewrite.
// An escaped backslash before "ud…" (a client's own text echoed as JSON, like `\\udc00`) is not one,
// hence an even run of backslashes first.
const LONE_SURROGATE =
  /(?<!\\)(?:\\\\)*(?:\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2})/i;

const SEAT_ROUTES: ReadonlySet<string> = new Set([
  'POST /v1/games/{id}/bots',
  'POST /v1/games/{id}/leave',
  'POST /v1/games/{id}/return',
  'POST /v1/games/{id}/time',
]);

let world: World;
beforeAll(async () => {
  world = await buildWorld(inject('dynamoEndpoint'));
});

/** What one request did, as the summary counts it. */
interface Outcome {
  status: number;
  fault: string | null;
  guarded: boolean;
}

/**
 * Sends one generated request to the app. A request that could legitimately change one of the
 * suite's games (Bob's legal move with the current If-Match, Eve joining the waiting game with its
 * invite code) is guarded first: its If-Match is made stale, or its invite code wrong. Nothing the
 * suite sends may change a game.
 */
async function send(generated: HostileRequest): Promise<Outcome> {
  // A route's path sent with another route's method (PATCH /v1/me as GET) is judged as that route.
  const req = { ...generated, route: effectiveRoute(generated) };
  const game = gameOf(world, req.game);
  let guarded = false;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] = value
      .replaceAll('{version}', String(game?.version ?? 1))
      .replaceAll('{stale}', String((game?.version ?? 2) - 1))
      .replaceAll('{code}', game?.inviteCode ?? 'ABCDEFGHJK');
  }
  // On the watch routes Ann sends the suite's watch token (of the playing game) instead of hers.
  const watching = req.route.startsWith('GET /v1/watch') && req.identity === 'ann';
  const auth = watching ? `Bearer ${world.watchToken}` : authorization(world, req.identity, req.pick, req.authText);
  if (auth !== undefined) headers.authorization = auth;
  let body = req.body?.replaceAll('{code}', game?.inviteCode ?? 'ABCDEFGHJK');

  if (game && req.route === 'POST /v1/games/{id}/moves' && game.seated.includes(req.identity)) {
    const version = Number(IF_MATCH.exec(headers['if-match'] ?? '')?.[1] ?? -1);
    if (version === game.version && mightBeLegal(body, game.legal[req.identity] ?? [])) {
      headers['if-match'] = `"${game.version - 1}"`;
      guarded = true;
    }
  }
  // Seating a bot, leaving, returning or giving time, by a seated player at the current version, could
  // change the game too.
  const seats = SEAT_ROUTES.has(req.route);
  if (game && seats && game.seated.includes(req.identity)) {
    const version = Number(IF_MATCH.exec(headers['if-match'] ?? '')?.[1] ?? -1);
    if (version === game.version) {
      headers['if-match'] = `"${game.version - 1}"`;
      guarded = true;
    }
  }
  if (
    game &&
    req.route === 'POST /v1/games/{id}/join' &&
    !game.seated.includes(req.identity) &&
    body?.toUpperCase().includes(game.inviteCode)
  ) {
    body = body.replace(new RegExp(game.inviteCode, 'gi'), 'WRONGCODE0');
    guarded = true;
  }

  // A change of one's account at a version it could be at is made stale: none may succeed.
  if (ACCOUNT_CHANGES.has(req.route) && IF_MATCH.test(headers['if-match'] ?? '')) {
    headers['if-match'] = '"0"';
    guarded = true;
  }
  // Cancelling, by the creator at the current version, would change the game.
  if (game && req.route === 'POST /v1/games/{id}/cancel' && game.seated.includes(req.identity)) {
    const version = Number(IF_MATCH.exec(headers['if-match'] ?? '')?.[1] ?? -1);
    if (version === game.version) {
      headers['if-match'] = `"${game.version - 1}"`;
      guarded = true;
    }
  }
  const session = world.tokens[req.identity as 'ann']?.split('.')[2] ?? 'AAAAAAAAAAA';
  const path = req.path
    .replace('{session}', session)
    .replace('{endpoint}', world.endpointId)
    .replace('{delivery}', world.deliveryId)
    .replace('{subscription}', world.subscriptionId)
    .replace(
      /\{(waiting|playing|finished|unknown)\}/g,
      (_, key: string) => gameOf(world, key as never)?.id ?? 'g_QQQQQQQQQQQQQQQQQQQQQQ',
    );
  const res = await world.app.request(`http://api.test${path}`, {
    method: req.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  const seen = { status: res.status, headers: res.headers, text };
  // Held to openapi.yaml like every response: an operation's, or (a garbage path) the Problem schema.
  let fault: string | null = await conform({ method: req.method, url: path, ...seen }).then(
    () => null,
    (error: Error) => error.message,
  );
  if (res.status >= 500) fault ??= `5xx: ${text.slice(0, 200)}`;
  else if (res.status >= 400) fault ??= problemFault(seen, req.method !== 'HEAD');
  else if (!legitimate(req, res.status)) fault ??= `an illegitimate ${res.status}: ${text.slice(0, 120)}`;
  if (body !== undefined && Buffer.byteLength(body) > BODY_LIMIT && res.status !== 413)
    fault ??= `a ${Buffer.byteLength(body)}-byte body got ${res.status}, not 413`;
  if (req.route === 'POST /v1/players' && res.status === 201) fault ??= nameKept(body, text);
  if (LONE_SURROGATE.test(text)) fault ??= `ill-formed Unicode in the answer: ${text.slice(0, 160)}`;
  return {
    status: res.status,
    fault: fault && `${req.method} ${path.slice(0, 100)} as ${req.identity}: ${fault}`,
    guarded,
  };
}

/** The route a request's method and path make, which may not be the one it was generated for. */
function effectiveRoute(req: HostileRequest): string {
  const [, path] = req.route.split(' ');
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  return ROUTES.find((r) => r.route === `${method} ${path}`)?.route ?? req.route;
}

/**
 * A registration keeps the name as sent, normalised (NFKC: "⒋" is "4.", fullwidth letters plain) less
 * surrounding spaces, or refuses it: never another name.
 */
function nameKept(sent: string | undefined, reply: string): string | null {
  const given = (JSON.parse(sent ?? '{}') as { name: string }).name.normalize('NFKC').trim();
  const kept = (JSON.parse(reply) as { player: { name: string } }).player.name;
  return kept === given ? null : `registered ${JSON.stringify(given)} as ${JSON.stringify(kept)}`;
}

/** True when a body could be one of `legal` (tiles either way round, numbers as JSON reads them). */
function mightBeLegal(
  body: string | undefined,
  legal: readonly { type: string; tile?: string; on?: number; seat?: number }[],
): boolean {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(body ?? '') as Record<string, unknown>;
  } catch {
    return false;
  }
  if (!value || typeof value !== 'object') return false;
  const flip = (t: unknown) => (typeof t === 'string' ? t.split('-').reverse().join('-') : t);
  return legal.some(
    (m) =>
      m.type === value.type &&
      (m.tile === undefined || m.tile === value.tile || m.tile === flip(value.tile)) &&
      (m.on === undefined || m.on === value.on) &&
      (m.seat === undefined || m.seat === value.seat),
  );
}

/** A success is legitimate only where the route allows it to this identity, with the right method. */
function legitimate(req: HostileRequest, status: number): boolean {
  const read = req.method === 'GET' || req.method === 'HEAD';
  const seated = gameOf(world, req.game)?.seated.includes(req.identity) ?? false;
  switch (req.route) {
    case 'POST /v1/players':
      return req.method === 'POST' && status === 201;
    case 'GET /v1/me':
      return read && status === 200 && REGISTERED.includes(req.identity);
    case 'GET /v1/me/games':
      return read && status === 200 && SIGNED.includes(req.identity);
    case 'POST /v1/games':
      return req.method === 'POST' && status === 201 && REGISTERED.includes(req.identity);
    case 'POST /v1/games/{id}/join':
      return req.method === 'POST' && status === 200 && seated;
    case 'GET /v1/games/{id}':
      return read && (status === 200 || status === 304) && seated;
    case 'GET /v1/games/{id}/events':
      return read && status === 200 && seated;
    // Public to whoever holds the game's invite code, signed in or not: it shows no tile.
    case 'GET /v1/games/{id}/invitation':
      return read && status === 200 && req.headers['invite-code']?.trim() === '{code}';
    case 'GET /v1/lobby':
    case 'GET /v1/me/tokens':
      return read && status === 200 && REGISTERED.includes(req.identity);
    case 'POST /v1/lobby/quick-match':
      // Seats the caller in an open game of 9s for three (none of the suite's games is open).
      return req.method === 'POST' && (status === 200 || status === 201) && REGISTERED.includes(req.identity);
    // Messages are kept beside a game, never in it: posting one changes no game's version.
    case 'POST /v1/games/{id}/messages':
      return req.method === 'POST' && status === 201 && seated;
    case 'GET /v1/games/{id}/messages':
      return read && status === 200 && seated;
    case 'PUT /v1/games/{id}/messages/mute':
      return req.method === 'PUT' && status === 200 && seated;
    // Watch links are kept beside a game too; only Ann (see `send`) holds a watch token.
    case 'POST /v1/games/{id}/watch-links':
      return req.method === 'POST' && status === 201 && seated;
    case 'GET /v1/games/{id}/watch-links':
      return read && status === 200 && seated;
    case 'GET /v1/watch':
    case 'GET /v1/watch/events':
      return read && status === 200 && req.identity === 'ann';
    // A game's tiles are shown only once it is over, to its players.
    case 'GET /v1/games/{id}/export':
    case 'GET /v1/games/{id}/replay':
      return read && status === 200 && seated && req.game === 'finished';
    // A rematch is a new game: the finished one's players may make (or join) it.
    case 'POST /v1/games/{id}/rematch':
      return req.method === 'POST' && (status === 201 || status === 200) && seated && req.game === 'finished';
    case 'POST /v1/me/tokens':
      return req.method === 'POST' && status === 201 && REGISTERED.includes(req.identity);
    case 'POST /v1/games/{id}/bots':
    case 'POST /v1/games/{id}/leave':
    case 'POST /v1/games/{id}/return':
    case 'POST /v1/games/{id}/time':
    case 'POST /v1/games/{id}/cancel':
    case 'PATCH /v1/me':
    case 'DELETE /v1/me':
    case 'DELETE /v1/me/tokens':
    case 'DELETE /v1/me/tokens/{tokenId}':
      // Guarded (see `send`): never a success; a retry of a recorded command is the only other way.
      return false;
    // A player's endpoints are theirs alone: only Ann's may be read or changed, by Ann. None of it
    // changes a game; a test event or a redelivery is queued, and nothing in this suite sends it.
    case 'POST /v1/me/webhooks':
      return req.method === 'POST' && status === 201 && REGISTERED.includes(req.identity);
    case 'GET /v1/me/webhooks':
      return read && status === 200 && REGISTERED.includes(req.identity);
    case 'GET /v1/me/webhooks/{endpointId}':
    case 'GET /v1/me/webhooks/{endpointId}/deliveries':
      return read && status === 200 && req.identity === 'ann';
    case 'PATCH /v1/me/webhooks/{endpointId}':
    case 'POST /v1/me/webhooks/{endpointId}/secret':
      return (req.method === 'PATCH' || req.method === 'POST') && status === 200 && req.identity === 'ann';
    case 'DELETE /v1/me/webhooks/{endpointId}':
      return req.method === 'DELETE' && status === 204 && req.identity === 'ann';
    case 'POST /v1/me/webhooks/{endpointId}/test':
    case 'POST /v1/me/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver':
      return req.method === 'POST' && status === 202 && req.identity === 'ann';
    // A player's devices are theirs alone: only Ann's may be changed, removed or tested, by Ann; a test
    // push is queued, and nothing in this suite sends it.
    case 'GET /v1/push/key':
    case 'GET /v1/me/push-subscriptions':
      return read && status === 200 && REGISTERED.includes(req.identity);
    case 'POST /v1/me/push-subscriptions':
      return req.method === 'POST' && status === 201 && REGISTERED.includes(req.identity);
    case 'PATCH /v1/me/push-subscriptions/{subscriptionId}':
      return req.method === 'PATCH' && status === 200 && req.identity === 'ann';
    case 'DELETE /v1/me/push-subscriptions/{subscriptionId}':
      return req.method === 'DELETE' && status === 204 && req.identity === 'ann';
    case 'POST /v1/me/push-subscriptions/{subscriptionId}/test':
      return req.method === 'POST' && status === 202 && req.identity === 'ann';
    case 'GET /openapi.json':
    case 'GET /docs':
      return read && status === 200;
    case 'GET /':
      return read && status === 200;
    default:
      return false;
  }
}

describe('hostile input', () => {
  it('covers every operation of the contract', async () => {
    const doc = (await (await world.app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThanOrEqual(8);
    for (const operation of operations) expect(ROUTES.map((r) => r.route)).toContain(operation);
  });

  it(
    `${figure(REQUESTS)} generated requests: no 5xx, every error a problem, success only where legitimate, no game changes`,
    async () => {
      const statuses = new Map<number, number>();
      const routes = new Map<string, number>();
      const faults: string[] = [];
      let sent = 0;
      let guarded = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(hostileRequest, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
          const outcomes = await Promise.all(batch.map(send));
          const found = outcomes.flatMap((o) => (o.fault ? [o.fault] : []));
          sent += batch.length;
          for (const [i, o] of outcomes.entries()) {
            statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
            const route = batch[i]?.route ?? '';
            routes.set(route, (routes.get(route) ?? 0) + 1);
            if (o.guarded) guarded++;
          }
          faults.push(...found);
          expect(found).toEqual([]);
        }),
        // No shrinking: a batch of sixteen large requests shrinks for minutes, and each fault names its request.
        { numRuns: REQUESTS / BATCH, endOnFailure: true },
      );

      const changed: string[] = [];
      for (const [name, game] of Object.entries(world.games)) {
        const latest = await world.store.streams.readLatest(game.id, { snapshot: false });
        if (latest?.version !== game.version) changed.push(`${name}: ${game.version} -> ${latest?.version}`);
      }
      // Nor an account: every player is still there, with the name and the token it registered with.
      for (const [who, name] of [
        ['ann', 'Ann'],
        ['bob', 'Bob'],
        ['cat', 'Cat'],
        ['eve', 'Eve'],
      ] as const) {
        const me = await world.app.request('http://api.test/v1/me', {
          headers: { authorization: `Bearer ${world.tokens[who]}` },
        });
        const player = me.status === 200 ? ((await me.json()) as { player: { name: string } }).player : null;
        if (player?.name !== name) changed.push(`${who}'s account: ${me.status} ${JSON.stringify(player)}`);
      }
      const count = (test: (status: number) => boolean) =>
        [...statuses].reduce((n, [s, c]) => n + (test(s) ? c : 0), 0);
      const fives = count((s) => s >= 500);
      console.log(
        `hostile input: ${figure(sent)} requests over ${routes.size - 1} routes and unknown paths, ${fives} 5xx, ${faults.length} non-problem or illegitimate answers, ` +
          `${changed.length} version changes (${figure(count((s) => s < 400))} legitimate successes, ${figure(count((s) => s === 413))} 413s, ${guarded} legal moves/joins guarded)`,
      );
      expect(changed).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(REQUESTS);
      // Each route gets at least half its share of the requests (ten in eleven go to a route).
      for (const { route } of ROUTES)
        expect(routes.get(route) ?? 0, route).toBeGreaterThan(REQUESTS / (2 * ROUTES.length));
      expect(statuses.get(413) ?? 0).toBeGreaterThan(0);
    },
    SOAK ? 1_800_000 : 180_000,
  );
});
