import {
  newKey,
  stackedShuffle,
  TEST_SECRET,
  testApi,
  type TestClient,
  type TestResponse,
} from '@chickenfoot/api/testing';
import { fisherYates, seededRandom, stackedDeck } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { problemFault } from './support/problem';
import { alterations, ghostId, signToken } from './support/tokens';

// Double-6, four spokes: Ann (seat 0) holds 6-6 and places it at the deal; Bob (seat 1) plays next.
const HANDS = [
  ['6-6', '6-5', '6-3', '5-1', '5-0', '4-4', '1-0'],
  ['6-4', '6-2', '5-5', '5-2', '4-3', '2-1', '3-3'],
];
const BOBS_MOVE = { type: 'play', tile: '6-4', on: 0 };
const NOBODYS_GAME = 'g_QQQQQQQQQQQQQQQQQQQQQQ';

type Who = 'ann' | 'bob' | 'eve' | 'ghost' | 'forged' | 'altered' | 'none';
const WHO: readonly Who[] = ['ann', 'bob', 'eve', 'ghost', 'forged', 'altered', 'none'];

let api: TestClient;
let store: Store;
let tokens: Record<Exclude<Who, 'none'>, string>;
let players: Record<'ann' | 'bob' | 'cat' | 'eve', { id: string; token: string }>;
let game: { id: string; inviteCode: string; version: number };
const counts = {
  requests: 0,
  alterations: 0,
  cells: 0,
  smuggled: 0,
  strangerAnswers: 0,
  breaches: 0,
  otherSeat: 0,
  changes: 0,
};
// What Eve, a ghost, forged and altered tokens and no token were told, up to the invite-code test
// (which lets Eve into a game of Ann's, where she may then see her name): none of it may name Ann's players.
const toStrangers: TestResponse[] = [];

/** Sends a request as someone (or no one) and counts it. */
async function as(
  who: Who,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  counts.requests++;
  const res = await api.call(method, path, { ...options, ...(who === 'none' ? {} : { token: tokens[who] }) });
  if (who !== 'ann' && who !== 'bob') toStrangers.push(res);
  return res;
}

/** The game's version in the store; a change that was not expected is counted for the summary. */
const version = async () => {
  const v = (await store.streams.readLatest(game.id, { snapshot: false }))?.version;
  if (v !== game.version) counts.changes++;
  return v;
};
const moveHeaders = (v = game.version) => ({ 'if-match': `"${v}"`, 'idempotency-key': newKey() });
const withoutIds = (text: string) => text.replace(/g_[\w-]{22}|"requestId":"[^"]+"/g, '');

beforeAll(async () => {
  // The first deal is stacked; later ones (the invite-code test's game) are shuffled with a seed.
  const stacked = stackedShuffle(stackedDeck(6, HANDS.flat()));
  const seeded = fisherYates(seededRandom(5));
  let deals = 0;
  const shuffle = (tiles: readonly string[]) => (deals++ === 0 ? stacked : seeded)?.(tiles) ?? [];
  const t = await testApi(inject('dynamoEndpoint'), { shuffle, limits: { perPlayer: { burst: 1e9, perSecond: 1e9 } } });
  api = t.api;
  store = t.store;
  const [ann, bob, cat, eve] = await Promise.all(
    ['Ann Alderney', 'Bob Bramble', 'Cat Caraway', 'Eve Eavesdrop'].map((name) => api.register(name)),
  );
  if (!ann || !bob || !cat || !eve) throw new Error('registration failed');
  players = { ann, bob, cat, eve };
  const altered = alterations(ann.token);
  tokens = {
    ann: ann.token,
    bob: bob.token,
    eve: eve.token,
    ghost: signToken(TEST_SECRET, ghostId(2)),
    forged: signToken('not-the-server-secret-0123456789-abcdef', ann.id),
    altered: altered[Math.floor(altered.length / 2)] as string,
  };
  const created = await api.createGame(ann.token, { seats: 2, rules: { set: 6, spokes: 4 } });
  const joined = await api.join(bob.token, created.body.game.id, created.body.game.inviteCode);
  game = { id: created.body.game.id, inviteCode: created.body.game.inviteCode, version: joined.body.version };
});

afterAll(() => {
  console.log(
    `authorization: ${counts.requests.toLocaleString('en-US')} requests, ${counts.cells} route × identity cells, ${counts.alterations.toLocaleString('en-US')} altered or forged tokens refused, ` +
      `${counts.smuggled} smuggled fields refused, ${counts.strangerAnswers} answers to strangers scanned: ${counts.breaches} accesses to others' games, ` +
      `${counts.otherSeat} moves in another seat, ${counts.changes} unexpected changes`,
  );
});

describe('authorization: every route × own, another seat’s, a stranger’s, forged, altered and no token', () => {
  // What each identity gets from each route of Ann and Bob's game (Bob to play).
  const TABLE: { route: string; send: (who: Who) => Promise<TestResponse>; expect: Record<Who, number> }[] = [
    {
      route: 'GET /v1/games/{id}',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}`),
      expect: { ann: 200, bob: 200, eve: 404, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'GET /v1/games/{id} with If-None-Match',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}`, { headers: { 'if-none-match': `"${game.version}"` } }),
      expect: { ann: 304, bob: 304, eve: 404, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'GET /v1/games/{id}/events',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}/events?after=0`),
      expect: { ann: 200, bob: 200, eve: 404, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'GET /v1/games/{id}/events (long-poll)',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}/events?after=${game.version}&wait=0`),
      expect: { ann: 200, bob: 200, eve: 404, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'POST /v1/games/{id}/moves (Bob’s move)',
      send: (who) =>
        as(who, 'POST', `/v1/games/${game.id}/moves`, {
          body: BOBS_MOVE,
          headers: { ...moveHeaders(), ...(who === 'bob' ? { 'if-match': `"${game.version - 1}"` } : {}) },
        }),
      // Bob's own try is sent with a stale version (412): his real move is the positive control below.
      expect: { ann: 422, bob: 412, eve: 404, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'POST /v1/games/{id}/join (its invite code)',
      send: (who) =>
        as(who, 'POST', `/v1/games/${game.id}/join`, {
          body: { inviteCode: game.inviteCode },
          headers: { 'idempotency-key': newKey() },
        }),
      expect: { ann: 200, bob: 200, eve: 422, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'GET /v1/me',
      send: (who) => as(who, 'GET', '/v1/me'),
      expect: { ann: 200, bob: 200, eve: 200, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'GET /v1/me/games',
      send: (who) => as(who, 'GET', '/v1/me/games'),
      expect: { ann: 200, bob: 200, eve: 200, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
    {
      route: 'POST /v1/games',
      send: (who) => as(who, 'POST', '/v1/games', { body: { seats: 2 }, headers: { 'idempotency-key': newKey() } }),
      expect: { ann: 201, bob: 201, eve: 201, ghost: 401, forged: 401, altered: 401, none: 401 },
    },
  ];

  it.each(TABLE.map((row) => [row.route, row] as const))('%s', async (_, row) => {
    for (const who of WHO) {
      const res = await row.send(who);
      counts.cells++;
      if (res.status < 400 && row.route.includes('{id}') && who !== 'ann' && who !== 'bob') counts.breaches++;
      if (res.status < 400 && row.route.includes('moves') && who !== 'bob') counts.otherSeat++;
      expect(res.status, `${row.route} as ${who}: ${res.text.slice(0, 200)}`).toBe(row.expect[who]);
      if (res.status >= 400) expect(problemFault(res), `${row.route} as ${who}`).toBeNull();
      if (res.status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      // (A never-registered player whose token the server signed is told so when joining; it cannot happen but with the secret.)
      if (res.status === 404 && row.route.includes('{id}'))
        expect(res.body.code, `${row.route} as ${who}`).toBe(
          who === 'ghost' && row.route.includes('join') ? 'player/not-found' : 'game/not-found',
        );
      if (res.status === 200 && row.route === 'GET /v1/games/{id}')
        expect(res.body.yourSeat).toBe(who === 'ann' ? 0 : 1);
      if (res.status === 200 && row.route === 'GET /v1/me')
        expect(res.body.player.id).toBe(players[who as 'ann' | 'bob' | 'eve'].id);
      if (res.status === 200 && row.route === 'GET /v1/me/games') {
        expect(
          res.body.games.some((g: { id: string }) => g.id === game.id),
          `${who} lists the game`,
        ).toBe(who === 'ann' || who === 'bob');
      }
    }
    expect(await version()).toBe(game.version);
  });

  it('a game one is not seated in answers exactly as a game that does not exist', async () => {
    const requests = [
      (id: string) => as('eve', 'GET', `/v1/games/${id}`),
      (id: string) => as('eve', 'GET', `/v1/games/${id}/events?after=0&wait=1`),
      (id: string) => as('eve', 'POST', `/v1/games/${id}/moves`, { body: BOBS_MOVE, headers: moveHeaders() }),
      (id: string) =>
        as('eve', 'POST', `/v1/games/${id}/join`, {
          body: { inviteCode: 'WRONGCODE0' },
          headers: { 'idempotency-key': newKey() },
        }),
    ];
    for (const send of requests) {
      const [real, none] = [await send(game.id), await send(NOBODYS_GAME)];
      expect(real.status).toBe(404);
      expect(withoutIds(real.text)).toBe(withoutIds(none.text));
      expect([...real.headers.keys()].sort()).toEqual([...none.headers.keys()].sort());
    }
  });
});

describe('authorization: your account, messages, the lobby and cancelling, × every identity', () => {
  const REGISTERED = ['ann', 'bob', 'eve'] as const;
  const refused = { ghost: 401, forged: 401, altered: 401, none: 401 } as const;
  const versionOf = async (who: Who) =>
    who === 'ann' || who === 'bob' || who === 'eve'
      ? ((await api.call('GET', '/v1/me', { token: tokens[who] })).headers.get('etag') ?? '"1"')
      : '"1"';
  // A second token of Bob's: the one route that may revoke it is Bob's own.
  let spare: { token: string; id: string };
  // A watch link of Ann's that strangers try to revoke, and that watches the game throughout.
  let standing: { token: string; id: string };
  beforeAll(async () => {
    const link = await api.call('POST', `/v1/games/${game.id}/watch-links`, {
      token: tokens.ann,
      headers: { 'idempotency-key': newKey() },
    });
    standing = { token: link.body.token, id: link.body.id };
    const res = await api.call('POST', '/v1/me/tokens', {
      token: tokens.bob,
      headers: { 'idempotency-key': newKey() },
    });
    spare = { token: res.body.token, id: res.body.id };
  });
  const account =
    (method: string, path: string, stale = false) =>
    async (who: Who) =>
      as(who, method, path, {
        headers: { 'if-match': stale ? '"999"' : await versionOf(who), 'idempotency-key': newKey() },
        ...(method === 'PATCH' ? { body: { name: 'Mallory' } } : {}),
      });
  const ROWS: { route: string; send: (who: Who) => Promise<TestResponse>; expect: Record<Who, number> }[] = [
    {
      route: 'GET /v1/me/tokens',
      send: (who) => as(who, 'GET', '/v1/me/tokens'),
      expect: { ann: 200, bob: 200, eve: 200, ...refused },
    },
    {
      route: 'POST /v1/me/tokens',
      send: (who) => as(who, 'POST', '/v1/me/tokens', { headers: { 'idempotency-key': newKey() } }),
      expect: { ann: 201, bob: 201, eve: 201, ...refused },
    },
    {
      route: 'PATCH /v1/me (a stale If-Match)',
      send: account('PATCH', '/v1/me', true),
      expect: { ann: 412, bob: 412, eve: 412, ...refused },
    },
    {
      route: 'DELETE /v1/me (a stale If-Match)',
      send: account('DELETE', '/v1/me', true),
      expect: { ann: 412, bob: 412, eve: 412, ...refused },
    },
    {
      route: 'DELETE /v1/me/tokens (a stale If-Match)',
      send: account('DELETE', '/v1/me/tokens', true),
      expect: { ann: 412, bob: 412, eve: 412, ...refused },
    },
    {
      // Last of Bob's: his own revocation of his spare token is the positive control.
      route: 'DELETE /v1/me/tokens/{Bob’s spare}',
      send: (who) => account('DELETE', `/v1/me/tokens/${spare.id}`)(who),
      expect: { ann: 404, eve: 404, ...refused, bob: 204 },
    },
    {
      route: 'GET /v1/lobby',
      send: (who) => as(who, 'GET', '/v1/lobby'),
      expect: { ann: 200, bob: 200, eve: 200, ...refused },
    },
    {
      // Each with rules of their own, so no stranger is seated with Ann's players.
      route: 'POST /v1/lobby/quick-match',
      send: (who) =>
        as(who, 'POST', '/v1/lobby/quick-match', {
          body: { seats: 3, rules: { set: 6, handSize: WHO.indexOf(who) + 1 } },
          headers: { 'idempotency-key': newKey() },
        }),
      expect: { ann: 200, bob: 200, eve: 200, ...refused },
    },
    {
      route: 'POST /v1/games/{id}/messages',
      send: (who) =>
        as(who, 'POST', `/v1/games/${game.id}/messages`, {
          body: { text: 'hello' },
          headers: { 'idempotency-key': newKey() },
        }),
      expect: { ann: 201, bob: 201, eve: 404, ...refused },
    },
    {
      route: 'GET /v1/games/{id}/messages',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}/messages`),
      expect: { ann: 200, bob: 200, eve: 404, ...refused },
    },
    {
      route: 'PUT /v1/games/{id}/messages/mute',
      send: (who) => as(who, 'PUT', `/v1/games/${game.id}/messages/mute`, { body: { muted: false } }),
      expect: { ann: 200, bob: 200, eve: 404, ...refused },
    },
    {
      route: 'POST /v1/games/{id}/watch-links',
      send: (who) => as(who, 'POST', `/v1/games/${game.id}/watch-links`, { headers: { 'idempotency-key': newKey() } }),
      expect: { ann: 201, bob: 201, eve: 404, ...refused },
    },
    {
      route: 'GET /v1/games/{id}/watch-links',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}/watch-links`),
      expect: { ann: 200, bob: 200, eve: 404, ...refused },
    },
    {
      // Ann and Bob each revoke a link of their own making; everyone else tries Ann's standing one.
      route: 'DELETE /v1/games/{id}/watch-links/{linkId}',
      send: async (who) => {
        const own =
          who === 'ann' || who === 'bob'
            ? (
                await api.call('POST', `/v1/games/${game.id}/watch-links`, {
                  token: tokens[who],
                  headers: { 'idempotency-key': newKey() },
                })
              ).body.id
            : standing.id;
        return as(who, 'DELETE', `/v1/games/${game.id}/watch-links/${own}`);
      },
      expect: { ann: 204, bob: 204, eve: 404, ...refused },
    },
    {
      route: 'GET /v1/watch (a player’s token, not a watch token)',
      send: (who) => as(who, 'GET', '/v1/watch'),
      expect: { ann: 401, bob: 401, eve: 401, ...refused },
    },
    {
      route: 'GET /v1/watch/events (a player’s token, not a watch token)',
      send: (who) => as(who, 'GET', '/v1/watch/events'),
      expect: { ann: 401, bob: 401, eve: 401, ...refused },
    },
    {
      route: 'GET /v1/games/{id}/export (a game in play)',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}/export`),
      expect: { ann: 422, bob: 422, eve: 404, ...refused },
    },
    {
      route: 'GET /v1/games/{id}/replay (a game in play)',
      send: (who) => as(who, 'GET', `/v1/games/${game.id}/replay?at=1`),
      expect: { ann: 422, bob: 422, eve: 404, ...refused },
    },
    {
      route: 'POST /v1/games/{id}/rematch (a game in play)',
      send: (who) => as(who, 'POST', `/v1/games/${game.id}/rematch`, { headers: { 'idempotency-key': newKey() } }),
      expect: { ann: 422, bob: 422, eve: 404, ...refused },
    },
    {
      route: 'POST /v1/games/{id}/cancel (a game in play)',
      send: (who) => as(who, 'POST', `/v1/games/${game.id}/cancel`, { headers: moveHeaders() }),
      expect: { ann: 422, bob: 422, eve: 404, ...refused },
    },
  ];

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_, row) => {
    const before = await Promise.all(REGISTERED.map((who) => api.call('GET', '/v1/me', { token: tokens[who] })));
    for (const who of WHO) {
      const res = await row.send(who);
      counts.cells++;
      expect(res.status, `${row.route} as ${who}: ${res.text.slice(0, 200)}`).toBe(row.expect[who]);
      if (res.status >= 400) expect(problemFault(res), `${row.route} as ${who}`).toBeNull();
      if (res.status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      if (res.status === 404)
        expect(res.body.code).toBe(row.route.includes('{id}') ? 'game/not-found' : 'player/token-not-found');
      // A list of tokens is the caller's own: never another player's session.
      if (row.route === 'GET /v1/me/tokens' && res.status === 200) {
        const own = tokens[who as 'ann'].split('.')[2];
        expect(res.body.tokens.some((t: { id: string; current: boolean }) => t.id === own && t.current)).toBe(true);
        if (who !== 'bob') expect(res.text).not.toContain(spare.id);
      }
    }
    // Names unchanged, every main token still in; the game as it was.
    const after = await Promise.all(REGISTERED.map((who) => api.call('GET', '/v1/me', { token: tokens[who] })));
    expect(after.map((r) => r.body.player)).toEqual(before.map((r) => r.body.player));
    expect(await version()).toBe(game.version);
    if (row.route.includes('spare')) expect((await api.call('GET', '/v1/me', { token: spare.token })).status).toBe(401);
    expect((await api.call('GET', '/v1/watch', { token: standing.token })).status).toBe(200);
  });

  it('a watch token opens the watch routes of its game only, and shows no tile of Ann’s or Bob’s hands', async () => {
    const view = await api.call('GET', '/v1/watch', { token: standing.token });
    const events = await api.call('GET', '/v1/watch/events?after=0', { token: standing.token });
    expect([view.status, events.status]).toEqual([200, 200]);
    expect(view.body.id).toBe(game.id);
    const board = new Set(view.body.hand.board.map((p: { tile: string }) => p.tile));
    for (const res of [view, events])
      for (const tile of HANDS.flat()) if (!board.has(tile)) expect(res.text, tile).not.toContain(`"${tile}"`);
    for (const [method, path] of [
      ['GET', `/v1/games/${game.id}`],
      ['GET', `/v1/games/${game.id}/events`],
      ['GET', `/v1/games/${game.id}/messages`],
      ['GET', '/v1/me'],
      ['GET', '/v1/lobby'],
    ] as const) {
      const res = await api.call(method, path, { token: standing.token });
      counts.requests++;
      expect(res.status, path).toBe(401);
    }
    for (const token of alterations(standing.token).filter((_, i) => i % 17 === 0)) {
      const res = await api.call('GET', '/v1/watch', { token });
      counts.requests++;
      counts.alterations++;
      expect(res.status).toBe(401);
    }
  });
});

describe('authorization: tokens', () => {
  it('refuses every token one character away from a real one, a forged one and no token, with 401, on every route', async () => {
    const bad = [
      ...alterations(tokens.ann),
      tokens.forged,
      signToken('not-the-server-secret-0123456789-abcdef', players.bob.id),
    ];
    for (const token of bad) {
      const res = await api.call('GET', '/v1/me', { token });
      counts.requests++;
      counts.alterations++;
      expect(res.status, token).toBe(401);
      expect(res.body.code).toBe('auth/unauthenticated');
    }
    // Every other route, with a sample of them and malformed headers.
    const headers = [
      ...bad.filter((_, i) => i % 257 === 0).map((t) => `Bearer ${t}`),
      'Bearer',
      `Basic ${Buffer.from('ann:pw').toString('base64')}`,
      `Bearer ${tokens.ann} ${tokens.bob}`,
      tokens.ann,
    ];
    const routes: [string, string, unknown?][] = [
      ['GET', '/v1/me/games'],
      ['POST', '/v1/games', { seats: 2 }],
      ['GET', `/v1/games/${game.id}`],
      ['GET', `/v1/games/${game.id}/events`],
      ['POST', `/v1/games/${game.id}/moves`, BOBS_MOVE],
      ['POST', `/v1/games/${game.id}/join`, { inviteCode: game.inviteCode }],
    ];
    for (const [method, path, body] of routes) {
      for (const authorization of headers) {
        const res = await api.call(method, path, {
          ...(body ? { body } : {}),
          headers: { authorization, ...moveHeaders() },
        });
        counts.requests++;
        counts.alterations++;
        expect(res.status, `${method} ${path} with ${authorization.slice(0, 30)}`).toBe(401);
        expect(problemFault(res)).toBeNull();
      }
    }
    expect(await version()).toBe(game.version);
  });
});

describe('authorization: the seat comes from the token, never from the request', () => {
  it.each([
    ['seat', 1],
    ['yourSeat', 1],
    ['playerId', 'bob'],
    ['player', { id: 'bob', name: 'Bob' }],
    ['score', -100],
    ['totals', [0, 0]],
    ['tiles', ['6-4']],
    ['yourTiles', ['6-6']],
    ['version', 99],
    ['hands', [[], []]],
  ])('refuses a move smuggling %s (400, unknown field) and changes nothing', async (field, value) => {
    const smuggled = JSON.parse(
      `{${JSON.stringify(field)}:${JSON.stringify(field === 'playerId' ? players.bob.id : value)},${JSON.stringify(BOBS_MOVE).slice(1)}`,
    ) as unknown;
    for (const who of ['ann', 'bob'] as const) {
      const res = await as(who, 'POST', `/v1/games/${game.id}/moves`, { body: smuggled, headers: moveHeaders() });
      counts.smuggled++;
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request/invalid');
      expect(res.body.detail).toContain(field);
    }
    expect(await version()).toBe(game.version);
  });

  it.each([
    ['a game', '/v1/games', { seats: 2, yourSeat: 1 }],
    ['a game', '/v1/games', { seats: 2, players: [{ id: 'p_x', name: 'X' }] }],
    ['a game', '/v1/games', { seats: 2, rules: { set: 6, seat: 1 } }],
    ['a game', '/v1/games', { seats: 2, totals: [-50, 0] }],
    ['a join', `/v1/games/{id}/join`, { inviteCode: '{code}', seat: 0 }],
    ['a join', `/v1/games/{id}/join`, { inviteCode: '{code}', playerId: '{bob}' }],
  ])('refuses %s smuggling a field a client may not set: %j', async (_, path, body) => {
    const text = JSON.stringify(body).replace('{code}', game.inviteCode).replace('{bob}', players.bob.id);
    const res = await as('eve', 'POST', path.replace('{id}', game.id), {
      body: text,
      headers: { 'idempotency-key': newKey() },
    });
    counts.smuggled++;
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request/invalid');
    expect((await as('eve', 'GET', '/v1/me/games')).body.games.filter((g: { id: string }) => g.id === game.id)).toEqual(
      [],
    );
  });

  it('refuses a registration that sets its own id or token', async () => {
    for (const extra of [{ id: players.ann.id }, { playerId: players.ann.id }, { token: tokens.ann }]) {
      const res = await as('none', 'POST', '/v1/players', { body: { name: 'Mallory', ...extra } });
      counts.smuggled++;
      expect(res.status).toBe(400);
    }
  });

  it('ignores seat hints in the query and headers: Ann sees Ann’s seat and tiles, and cannot make Bob’s move', async () => {
    const hints = { 'x-seat': '1', 'x-player-id': players.bob.id, 'x-forwarded-user': players.bob.id };
    const view = await as('ann', 'GET', `/v1/games/${game.id}?seat=1&playerId=${players.bob.id}`, { headers: hints });
    expect(view.status).toBe(200);
    expect(view.body.yourSeat).toBe(0);
    expect([...view.body.yourTiles].sort()).toEqual(HANDS[0]?.filter((t) => t !== '6-6').sort());
    const move = await as('ann', 'POST', `/v1/games/${game.id}/moves?seat=1`, {
      body: BOBS_MOVE,
      headers: { ...moveHeaders(), ...hints },
    });
    if (move.status < 400) counts.otherSeat++;
    expect(move.status).toBe(422);
    expect(move.body.code).toBe('rules/not-your-turn');
    // Ann cannot call herself out or announce for Bob either: call-outs name a target, not the caller.
    const self = await as('ann', 'POST', `/v1/games/${game.id}/moves`, {
      body: { type: 'callout', seat: 0 },
      headers: moveHeaders(),
    });
    expect(self.body.code).toBe('rules/cannot-call-out-self');
    expect(await version()).toBe(game.version);
  });

  it('positive control: Bob, in turn, makes the move everyone else was refused', async () => {
    const res = await as('bob', 'POST', `/v1/games/${game.id}/moves`, { body: BOBS_MOVE, headers: moveHeaders() });
    expect(res.status).toBe(200);
    expect(res.body.game.yourSeat).toBe(1);
    game.version += 1;
    expect(await version()).toBe(game.version);
  });
});

describe('authorization: what strangers are told', () => {
  it('no answer to a stranger, a forged or altered token or none names a seated player or shows the game', () => {
    const secrets = [
      players.ann.id,
      players.bob.id,
      players.cat.id,
      'Alderney',
      'Bramble',
      'Caraway',
      game.inviteCode,
      tokens.ann,
      tokens.bob,
    ];
    counts.strangerAnswers = toStrangers.length;
    expect(toStrangers.length).toBeGreaterThan(50);
    for (const res of toStrangers) {
      for (const secret of secrets) expect(res.text, `${res.status} ${res.text.slice(0, 120)}`).not.toContain(secret);
      if (res.status >= 400) expect(res.text).not.toMatch(/"yourTiles"|"board"|"hand"/);
    }
  });
});

describe('authorization: the invite code is the only way in', () => {
  it('a wrong code, another game’s code or none answers as if there were no game; the right one seats the next free seat', async () => {
    const created = await as('ann', 'POST', '/v1/games', {
      body: { seats: 3, rules: { set: 6 } },
      headers: { 'idempotency-key': newKey() },
    });
    const waiting = { id: created.body.game.id as string, code: created.body.game.inviteCode as string };
    await api.join(players.cat.token, waiting.id, waiting.code);
    const join = (inviteCode: unknown) =>
      as('eve', 'POST', `/v1/games/${waiting.id}/join`, {
        body: { inviteCode },
        headers: { 'idempotency-key': newKey() },
      });
    const nobody = await as('eve', 'POST', `/v1/games/${NOBODYS_GAME}/join`, {
      body: { inviteCode: waiting.code },
      headers: { 'idempotency-key': newKey() },
    });
    const wrong = [
      '0000000000',
      game.inviteCode,
      waiting.code.slice(0, -1),
      `${waiting.code}0`,
      waiting.code.replace(/./, (c) => (c === 'A' ? 'B' : 'A')),
      ' ',
    ];
    for (const code of wrong) {
      const res = await join(code);
      expect(res.status, code).toBe(404);
      expect(withoutIds(res.text)).toBe(withoutIds(nobody.text));
    }
    expect(nobody.status).toBe(404);
    expect((await as('eve', 'GET', `/v1/games/${waiting.id}`)).status).toBe(404);

    const seated = await join(waiting.code.toLowerCase());
    expect(seated.status).toBe(200);
    expect(seated.body.game.yourSeat).toBe(2);
    expect(seated.body.game.status).toBe('playing');
  });
});
