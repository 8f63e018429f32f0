import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '@chickenfoot/app';
import { newKey, testApi, type TestClient } from '@chickenfoot/api/testing';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { problemFault } from './support/problem';

const LIMIT = 16 * 1024;
// Counted once a limit is seen to hold.
const figures = { held: 0 };
let api: TestClient;
let token: string;
let gameId: string;
let server: ServerType;
let port: number;
/** The app's clock: the machine's, unless a test stops it (so that rate limits refill exactly when it says). */
const clock: { stopped: number | null } = { stopped: null };

/** Plays `moves` moves of a game, so that it has commits to page through. */
async function playSome(client: TestClient, id: string, tokens: readonly string[], moves: number): Promise<void> {
  for (let made = 0; made < moves;) {
    for (const t of tokens) {
      const { body } = await client.view(t, id);
      const move = body.legalMoves.find((m: { type: string }) => m.type === 'play' || m.type === 'pass');
      if (move && (await client.move(t, id, move, body.version)).status === 200) made++;
    }
  }
}

beforeAll(async () => {
  const t = await testApi(inject('dynamoEndpoint'), {
    logger: silentLogger,
    limits: { maxPage: 5, maxWaitSeconds: 1, pollMs: 50 },
    clock: () => clock.stopped ?? Date.now(),
  });
  api = t.api;
  const game = await api.startGame(2, { set: 6 });
  [token, gameId] = [game.tokens[0] as string, game.gameId];
  await playSome(api, gameId, game.tokens, 8);
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  console.log(
    `resource limits: ${figures.held} limits seen to hold (event and game-list pages, requests per player, long-poll length, waits per player, bodies over HTTP, field sizes)`,
  );
});

/** Expects a refusal with this status and a proper problem, and counts the check. */
function refused(res: { status: number; headers: Headers; text: string }, status: number): void {
  expect(res.status, res.text.slice(0, 200)).toBe(status);
  expect(problemFault(res)).toBeNull();
  figures.held++;
}

describe('resource limits: pages', () => {
  it('caps a page of events at the server’s limit, whatever the client asks, and pages on', async () => {
    for (const query of ['', '&limit=1000', '&limit=6']) {
      const page = await api.call('GET', `/v1/games/${gameId}/events?after=0${query}`, { token });
      expect(page.body.commits).toHaveLength(5);
      expect(page.body.next).toBe(5);
      figures.held++;
    }
    for (const limit of ['1001', '0', '-1', '1e9', '99999999999999999999'])
      refused(await api.call('GET', `/v1/games/${gameId}/events?limit=${limit}`, { token }), 400);
  });

  it('caps a page of my games at 100', async () => {
    for (const limit of ['101', '0', '1000000'])
      refused(await api.call('GET', `/v1/me/games?limit=${limit}`, { token }), 400);
    expect((await api.call('GET', '/v1/me/games?limit=100', { token })).status).toBe(200);
  });
});

describe('resource limits: requests per player', () => {
  it('lets a player a burst of 60 requests, then 20 a second, refusing the rest with 429 and Retry-After', async () => {
    const { token: own } = await api.register('Rapid');
    const burst = async (n: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) statuses.push((await api.call('GET', '/v1/me', { token: own })).status);
      return statuses;
    };
    // The clock stands still: exactly the burst is admitted, however long the requests take.
    clock.stopped = Date.now();
    expect(await burst(80)).toEqual([...Array(60).fill(200), ...Array(20).fill(429)]);
    const limited = await api.call('GET', '/v1/me', { token: own });
    refused(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBe(1);
    // A second later, 20 more; then refused again.
    clock.stopped += 1_000;
    expect(await burst(21)).toEqual([...Array(20).fill(200), 429]);
    clock.stopped = null;
  });
});

describe('resource limits: long-polls', () => {
  /** The game's version: a wait after it holds until something happens (nothing will, here). */
  const current = async () => (await api.view(token, gameId)).body.version as number;

  it('refuses a wait over 20 s and holds a wait no longer than the server’s cap', async () => {
    const after = await current();
    refused(await api.call('GET', `/v1/games/${gameId}/events?after=${after}&wait=21`, { token }), 400);
    const started = performance.now();
    const res = await api.call('GET', `/v1/games/${gameId}/events?after=${after}&wait=20`, { token });
    const waited = performance.now() - started;
    expect(res.status).toBe(200);
    // Held for the server's cap (1 s here), not the 20 s asked for. The upper bound is 10 s: a whole
    // machine's stall of 9 s would be needed to fail it, and an uncapped wait would still miss it by 10 s.
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(10_000);
    figures.held++;
  });

  it('holds at most four waits per player: a fifth is refused at once (429, Retry-After), while the four are still held', async () => {
    // An app whose waits last the README's 20 s, so that "at once" is judged by order, not by a stopwatch:
    // the fifth must answer while the four are held, and they are held until a move releases them.
    const t = await testApi(inject('dynamoEndpoint'), { logger: silentLogger, limits: { pollMs: 50 } });
    const game = await t.api.startGame(2, { set: 6 });
    const own = game.tokens[0]!;
    const after = (await t.api.view(own, game.gameId)).body.version as number;
    const answered: string[] = [];
    const wait = (name: string) =>
      t.api.call('GET', `/v1/games/${game.gameId}/events?after=${after}&wait=20`, { token: own }).then((res) => {
        answered.push(name);
        return res;
      });
    const held = [1, 2, 3, 4].map((n) => wait(`held ${n}`));
    // Time for the four to reach their hold (a token check and a read each, a few ms); 2 s is room for a
    // stalled machine. Were one of them not held yet, the fifth would be, and the test would fail.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Refused, not answered empty: a naive client looping on an empty page would spin; on a 429 it waits
    // Retry-After, the time until the first of the four ends at the latest (20 s).
    const fifth = await wait('fifth');
    refused(fifth, 429);
    expect(fifth.body.code).toBe('request/too-many-requests');
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThanOrEqual(17);
    expect(Number(fifth.headers.get('retry-after'))).toBeLessThanOrEqual(20);
    expect(answered).toEqual(['fifth']);
    // A move releases the four, each with it.
    const view = (await t.api.view(game.tokens[0]!, game.gameId)).body;
    const mover = game.tokens[view.hand.turn as number]!;
    const mine = (await t.api.view(mover, game.gameId)).body;
    const move = mine.legalMoves.find((m: { type: string }) => m.type === 'play' || m.type === 'pass');
    expect((await t.api.move(mover, game.gameId, move, mine.version)).status).toBe(200);
    for (const res of await Promise.all(held)) expect(res.body.commits.length).toBeGreaterThan(0);
    figures.held++;
  });
});

/** The most an endless body sends (10 MB) before it ends: an answer before that was made without reading it whole. */
const ENDLESS_CAP = 10 * 1024 * 1024;

/**
 * Sends a raw HTTP request to the server: `chunks` as the body (or 'endless': 64 KB chunks until the answer
 * comes), with or without a Content-Length. `sent` is how much of the body went out before the answer.
 */
function raw(
  path: string,
  chunks: Buffer[] | 'endless',
  contentLength: number | null,
): Promise<{ status: number; headers: Headers; text: string; ms: number; sent: number }> {
  const started = performance.now();
  let sent = 0;
  let answered = false;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': newKey(),
    };
    if (contentLength !== null) headers['content-length'] = contentLength;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      answered = true;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: new Headers(res.headers as Record<string, string>),
          text,
          ms: performance.now() - started,
          sent,
        }),
      );
    });
    // The server may answer and close before the whole body is sent: that is the point.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${path} in 10 s`)));
    (async () => {
      const write = async (chunk: Buffer) => {
        sent += chunk.length;
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      };
      if (chunks === 'endless') {
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        while (!answered && !req.destroyed && sent < ENDLESS_CAP) await write(chunk);
        req.end();
        return;
      }
      for (const chunk of chunks) await write(chunk);
      // A body shorter than its Content-Length is left open, as a client that claims more would.
      if (contentLength === null || contentLength === sent) req.end();
    })().catch(() => undefined);
  });
}

const json = (bytes: number) => Buffer.from(JSON.stringify({ seats: 2, pad: 'x'.repeat(bytes - 20) }));

describe('resource limits: bodies, over HTTP', () => {
  it('reads a body of exactly 16 KB, and refuses one byte more with 413, with a Content-Length or chunked', async () => {
    const at = json(LIMIT);
    expect(at.length).toBe(LIMIT);
    const ok = await raw('/v1/games', [at], at.length);
    expect(ok.status).toBe(400); // read and validated: `pad` is not a field
    expect(ok.text).toContain('pad');
    const over = json(LIMIT + 1);
    refused(await raw('/v1/games', [over], over.length), 413);
    refused(await raw('/v1/games', [over.subarray(0, 8_000), over.subarray(8_000)], null), 413);
  });

  it('refuses a 1 GB Content-Length at once, and a 10 MB chunked body without reading it all', async () => {
    // Two bytes of a claimed gigabyte are sent and the request is left open: any answer at all (raw gives
    // up after 10 s) is one made without waiting for the gigabyte.
    const claimed = await raw('/v1/games', [Buffer.from('{}')], 1024 ** 3);
    refused(claimed, 413);
    // A chunked body that never ends (64 KB chunks, until the answer comes): the 413 comes while it is still
    // being sent, so the server never read it all, whatever the time it took.
    const chunked = await raw('/v1/games/g_QQQQQQQQQQQQQQQQQQQQQQ/moves', 'endless', null);
    refused(chunked, 413);
    expect(chunked.sent).toBeLessThan(ENDLESS_CAP);
  });
});

describe('bodies, over HTTP: read from the buffer when whole, as a stream while arriving', () => {
  /** POSTs `body` in two writes `pause` ms apart, with its Content-Length. */
  function split(path: string, body: Buffer, pause: number): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const headers = {
        'content-type': 'application/json',
        'content-length': body.length,
        authorization: `Bearer ${token}`,
        'idempotency-key': newKey(),
      };
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.subarray(0, 10));
      setTimeout(() => req.end(body.subarray(10)), pause);
    });
  }

  it('reads the same body alike whether it came in one packet or in two, far apart', async () => {
    const body = Buffer.from(JSON.stringify({ seats: 2, pad: 'é'.repeat(50) }));
    for (const res of [
      await raw('/v1/games', [body], body.length),
      await split('/v1/games', body, 0),
      await split('/v1/games', body, 100),
    ]) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({
        code: 'request/invalid',
        issues: [{ path: 'body', message: expect.stringContaining('pad') }],
      });
    }
    const created = Buffer.from(JSON.stringify({ seats: 2 }));
    for (const res of [await raw('/v1/games', [created], created.length), await split('/v1/games', created, 100)])
      expect(res.status).toBe(201);
  });

  it('decodes a body as fetch does, however it arrives: a byte order mark dropped, a bad byte replaced', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ seats: 2 }))]);
    for (const res of [await raw('/v1/games', [bom], bom.length), await split('/v1/games', bom, 100)])
      expect(res.status).toBe(201);
    // 0xff is no UTF-8: read as U+FFFD, so the field is one character too long (2 allowed), not malformed.
    const bad = Buffer.concat([
      Buffer.from('{"seats": 2, "rules": {"set": "'),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    for (const res of [await raw('/v1/games', [bad], bad.length), await split('/v1/games', bad, 100)]) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'request/invalid', issues: [{ path: 'body.rules.set' }] });
    }
  });

  it('refuses malformed JSON with 400, however it arrives', async () => {
    const broken = Buffer.from('{"seats": 2,,}');
    for (const res of [await raw('/v1/games', [broken], broken.length), await split('/v1/games', broken, 50)]) {
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'request/malformed-json' });
    }
  });
});

describe('resource limits: fields', () => {
  it.each([
    ['a 41-character name', 'POST', '/v1/players', { name: 'x'.repeat(41) }, {}],
    [
      'a 65-character invite code',
      'POST',
      '/v1/games/{id}/join',
      { inviteCode: 'K'.repeat(65) },
      { 'idempotency-key': 'k'.repeat(20) },
    ],
    ['a 129-character Idempotency-Key', 'POST', '/v1/games', { seats: 2 }, { 'idempotency-key': 'k'.repeat(129) }],
    ['a 15-character Idempotency-Key', 'POST', '/v1/games', { seats: 2 }, { 'idempotency-key': 'k'.repeat(15) }],
    [
      'a 16-digit If-Match',
      'POST',
      '/v1/games/{id}/moves',
      { type: 'pass' },
      { 'if-match': `"${'9'.repeat(16)}"`, 'idempotency-key': 'k'.repeat(20) },
    ],
    ['a 2,049-character cursor', 'GET', `/v1/me/games?cursor=${'A'.repeat(2049)}`, undefined, {}],
    [
      'a placement past 200',
      'POST',
      '/v1/games/{id}/moves',
      { type: 'play', tile: '6-4', on: 201 },
      { 'if-match': '"1"', 'idempotency-key': 'k'.repeat(20) },
    ],
    [
      'a hand size past 135',
      'POST',
      '/v1/games',
      { seats: 2, rules: { handSize: 136 } },
      { 'idempotency-key': 'k'.repeat(20) },
    ],
    ['more than 8 seats', 'POST', '/v1/games', { seats: 9 }, { 'idempotency-key': 'k'.repeat(20) }],
  ])('refuses %s with 400', async (_, method, path, body, headers) => {
    refused(await api.call(method, path.replace('{id}', gameId), { token, ...(body ? { body } : {}), headers }), 400);
  });

  it('does not echo a request id longer than 100 characters', async () => {
    const res = await api.call('GET', '/v1/me', { token, headers: { 'x-request-id': 'r'.repeat(101) } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    figures.held++;
  });
});
