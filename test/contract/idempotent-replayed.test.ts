// A retry's answer says it is one: `Idempotent-Replayed: true` (declared in the contract), beside the
// first reply sent again byte for byte; a first answer carries no such header. Through the real app,
// for every operation that takes an Idempotency-Key (the last case checks that none is left out).
// (On the old code no answer said it was a replay; then a message posted, a watch link made, a webhook
// endpoint made, its secret rotated or its test sent, and an account deleted still did not: the
// deletion's retry was refused as unauthenticated, its token closed by the deletion it repeated.)
import { newKey, testApi, type TestResponse } from '@chickenfoot/api/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { contractOf } from '../support/contract/check';

type Harness = Awaited<ReturnType<typeof testApi>>;
type Api = Harness['api'];
type Options = NonNullable<Parameters<Api['call']>[2]>;
type Reply = TestResponse;

const T0 = Date.parse('2026-12-01T09:00:00.000Z');
const HOUR = 3_600_000;
const clock = { now: T0 };
let harness: Harness;
let api: Api;
/** The operations checked so far, by operationId. */
const checked = new Set<string>();

beforeAll(async () => {
  harness = await testApi(inject('dynamoEndpoint'), {
    clock: () => clock.now,
    limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } },
  });
  api = harness.api;
});

/**
 * Operation `id` sent twice under one key: the first answer is unmarked, the retry marked, both have
 * `status`, and their bodies are the same bytes. The first answer, for what comes next.
 */
async function replayed(id: string, status: number, method: string, path: string, options: Options): Promise<Reply> {
  const key = newKey();
  const send = () => api.call(method, path, { ...options, headers: { ...options.headers, 'idempotency-key': key } });
  const first = await send();
  const retry = await send();
  expect(first.status, `${id}: ${first.text.slice(0, 200)}`).toBe(status);
  expect(retry.status, `${id} retried: ${retry.text.slice(0, 200)}`).toBe(status);
  expect(first.headers.get('idempotent-replayed'), `${id}: the first answer`).toBeNull();
  expect(retry.headers.get('idempotent-replayed'), `${id}: the retry`).toBe('true');
  expect(retry.text, id).toBe(first.text);
  checked.add(id);
  return first;
}

const at = (version: number) => ({ 'if-match': `"${version}"` });
/** The If-Match of one's account now, from GET /v1/me's ETag. */
const account = async (token: string) => ({
  'if-match': (await api.call('GET', '/v1/me', { token })).headers.get('etag')!,
});

/** Plays a started game to its end, each seat in turn making its first legal move. */
async function playOut(gameId: string, tokens: readonly string[]): Promise<void> {
  for (let step = 0; step < 2000; step++) {
    const { body } = await api.view(tokens[0]!, gameId);
    if (body.status !== 'playing') return;
    const mine = (await api.view(tokens[body.hand.turn as number]!, gameId)).body;
    const moved = await api.move(tokens[body.hand.turn as number]!, gameId, mine.legalMoves[0], mine.version);
    expect(moved.status, moved.text.slice(0, 200)).toBe(200);
  }
  throw new Error('the game does not end');
}

describe('Idempotent-Replayed', () => {
  it('marks a retried registration, and not the first', async () => {
    await replayed('registerPlayer', 201, 'POST', '/v1/players', { body: { name: 'Ann' } });
  });

  it('marks the retries of a clocked game’s life: created, joined, more time, a move, a message, a watch link, a return, a rematch', async () => {
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const tokens = [ann.token, bob.token];
    const rules = { set: 6, handSize: 1, doubleBlank: 0, turnHours: 24, awayAfter: 1 };
    const created = await replayed('createGame', 201, 'POST', '/v1/games', {
      token: ann.token,
      body: { seats: 2, rules },
    });
    const { id, inviteCode } = created.body.game as { id: string; inviteCode: string };
    await replayed('joinGame', 200, 'POST', `/v1/games/${id}/join`, { token: bob.token, body: { inviteCode } });
    const view = async (seat: number) => (await api.view(tokens[seat]!, id)).body;
    let turn = (await view(0)).hand.turn as number;
    const waiting = await view(1 - turn);
    await replayed('giveTime', 200, 'POST', `/v1/games/${id}/time`, {
      token: tokens[1 - turn]!,
      body: { hours: 2 },
      headers: at(waiting.version),
    });
    const mine = await view(turn);
    await replayed('makeMove', 200, 'POST', `/v1/games/${id}/moves`, {
      token: tokens[turn]!,
      body: mine.legalMoves[0],
      headers: at(mine.version),
    });
    await replayed('postMessage', 201, 'POST', `/v1/games/${id}/messages`, { token: bob.token, body: { text: 'gg' } });
    await replayed('createWatchLink', 201, 'POST', `/v1/games/${id}/watch-links`, { token: ann.token });

    // The seat in turn lets its clock run out: a bot moves for it, and it is away (awayAfter 1).
    turn = (await view(0)).hand.turn as number;
    clock.now += 30 * HOUR;
    await harness.sweeper.sweep(clock.now);
    const away = await view(turn);
    expect(away.seats[turn].away).toBe(true);
    await replayed('returnToGame', 200, 'POST', `/v1/games/${id}/return`, {
      token: tokens[turn]!,
      headers: at(away.version),
    });

    await playOut(id, tokens);
    await replayed('rematch', 201, 'POST', `/v1/games/${id}/rematch`, { token: bob.token });
  });

  it('marks the retries of a waiting game’s: a bot seated, a player leaving, the game cancelled; and a quick match', async () => {
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const created = await api.createGame(ann.token, { seats: 4, rules: { set: 9 }, open: true });
    const id = created.body.game.id as string;
    await replayed('addBot', 200, 'POST', `/v1/games/${id}/bots`, {
      token: ann.token,
      body: { level: 'greedy' },
      headers: at(created.body.version as number),
    });
    const joined = await api.call('POST', `/v1/games/${id}/join`, {
      token: bob.token,
      body: {},
      headers: { 'idempotency-key': newKey() },
    });
    expect(joined.status, joined.text).toBe(200);
    const left = await replayed('leaveGame', 200, 'POST', `/v1/games/${id}/leave`, {
      token: bob.token,
      headers: at(joined.body.version as number),
    });
    await replayed('cancelGame', 200, 'POST', `/v1/games/${id}/cancel`, {
      token: ann.token,
      headers: at(left.body.version as number),
    });
    await replayed('quickMatch', 200, 'POST', '/v1/lobby/quick-match', {
      token: bob.token,
      body: { seats: 2, rules: { set: 6 } },
    });
  });

  it('marks the retries of a webhook endpoint made, its secret rotated and its test sent', async () => {
    const ann = await api.register('Ann');
    const made = await replayed('createWebhookEndpoint', 201, 'POST', '/v1/me/webhooks', {
      token: ann.token,
      body: { url: 'http://127.0.0.1:9/hook', description: 'mine' },
    });
    const path = `/v1/me/webhooks/${made.body.endpoint.id as string}`;
    await replayed('rotateWebhookSecret', 200, 'POST', `${path}/secret`, { token: ann.token });
    await replayed('testWebhookEndpoint', 202, 'POST', `${path}/test`, { token: ann.token });
  });

  it('marks the retries of an account’s changes: a rename, a token issued and revoked, the others signed out, the deletion', async () => {
    const ann = await api.register('Ann');
    const me = { token: ann.token };
    await replayed('renameMe', 200, 'PATCH', '/v1/me', {
      ...me,
      body: { name: 'Annie' },
      headers: await account(ann.token),
    });
    const issued = await replayed('createToken', 201, 'POST', '/v1/me/tokens', me);
    const path = `/v1/me/tokens/${issued.body.id as string}`;
    await replayed('revokeToken', 204, 'DELETE', path, { ...me, headers: await account(ann.token) });
    await api.call('POST', '/v1/me/tokens', { ...me, headers: { 'idempotency-key': newKey() } });
    await replayed('revokeAllTokens', 204, 'DELETE', '/v1/me/tokens', { ...me, headers: await account(ann.token) });
    await replayed('deleteMe', 204, 'DELETE', '/v1/me', { ...me, headers: await account(ann.token) });
    // The account is gone: its token opens nothing else, and another key does not pass for the deletion's.
    expect((await api.call('GET', '/v1/me', me)).status).toBe(401);
    const other = await api.call('DELETE', '/v1/me', {
      ...me,
      headers: { 'if-match': '"1"', 'idempotency-key': newKey() },
    });
    expect([other.status, other.headers.get('idempotent-replayed')]).toEqual([401, null]);
  });

  it('covers every operation that takes an Idempotency-Key, each declaring the header on its success responses', () => {
    const doc = contractOf().spec.document as any;
    const shared = doc.components.parameters as Record<string, { name: string }>;
    const keyed: string[] = [];
    for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(item)) {
        const names = ((op.parameters ?? []) as { $ref?: string; name?: string }[]).map(
          (p) => (p.$ref ? shared[p.$ref.replace('#/components/parameters/', '')]?.name : p.name) ?? '',
        );
        if (!names.includes('Idempotency-Key')) continue;
        keyed.push(op.operationId as string);
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          if (/^2/.test(status))
            expect(response.headers?.['Idempotent-Replayed'], `${op.operationId} ${status}`).toBeDefined();
        }
      }
    }
    expect(keyed.length).toBeGreaterThan(15);
    expect([...checked].sort()).toEqual(keyed.sort());
  });
});
