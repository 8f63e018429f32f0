// A retry's answer says it is one: `Idempotent-Replayed: true` (declared in the contract), beside the
// first reply sent again byte for byte; a first answer carries no such header. Through the real app:
// a registration, a game's creation, a join, a move, an account's rename, a token issued and revoked.
// (On the old code no answer said it was a replay.)
import { newKey, testApi } from '@chickenfoot/api/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

type Api = Awaited<ReturnType<typeof testApi>>['api'];
type Options = Parameters<Api['call']>[2];
let api: Api;

beforeAll(async () => {
  ({ api } = await testApi(inject('dynamoEndpoint')));
});

/** The same request twice, under one key: the first answer, then the retry's. */
async function twice(method: string, path: string, options: NonNullable<Options>) {
  const key = newKey();
  const send = () => api.call(method, path, { ...options, headers: { ...options.headers, 'idempotency-key': key } });
  const first = await send();
  return { first, retry: await send() };
}

/** The first answer is unmarked, the retry marked, and their bodies the same bytes. */
function expectReplayed({ first, retry }: Awaited<ReturnType<typeof twice>>, status: number): void {
  expect(first.status, first.text.slice(0, 200)).toBe(status);
  expect(retry.status).toBe(status);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(retry.text).toBe(first.text);
}

describe('Idempotent-Replayed', () => {
  it('marks a retried registration, and not the first', async () => {
    expectReplayed(await twice('POST', '/v1/players', { body: { name: 'Ann' } }), 201);
  });

  it('marks a retried creation, join and move, and not the first of each', async () => {
    const ann = await api.register('Ann');
    const bob = await api.register('Bob');
    const created = await twice('POST', '/v1/games', { token: ann.token, body: { seats: 2, rules: { set: 6 } } });
    expectReplayed(created, 201);
    const game = created.first.body.game as { id: string; inviteCode: string };
    const joined = await twice('POST', `/v1/games/${game.id}/join`, {
      token: bob.token,
      body: { inviteCode: game.inviteCode },
    });
    expectReplayed(joined, 200);
    const tokens = [ann.token, bob.token];
    const turn = (await api.view(ann.token, game.id)).body.hand.turn as number;
    const mine = (await api.view(tokens[turn]!, game.id)).body;
    const moved = await twice('POST', `/v1/games/${game.id}/moves`, {
      token: tokens[turn]!,
      body: mine.legalMoves[0],
      headers: { 'if-match': `"${mine.version}"` },
    });
    expectReplayed(moved, 200);
  });

  it('marks a retried rename, token issued and token revoked, and not the first of each', async () => {
    const ann = await api.register('Ann');
    const ifMatch = async () => ({
      'if-match': (await api.call('GET', '/v1/me', { token: ann.token })).headers.get('etag')!,
    });
    const renamed = await twice('PATCH', '/v1/me', {
      token: ann.token,
      body: { name: 'Annie' },
      headers: await ifMatch(),
    });
    expectReplayed(renamed, 200);
    const issued = await twice('POST', '/v1/me/tokens', { token: ann.token });
    expectReplayed(issued, 201);
    const path = `/v1/me/tokens/${issued.first.body.id as string}`;
    expectReplayed(await twice('DELETE', path, { token: ann.token, headers: await ifMatch() }), 204);
  });
});
