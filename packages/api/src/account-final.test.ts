import { describe, expect, inject, it } from 'vitest';
import { createApp } from './app';
import { newKey, TEST_SECRET, testApi, TestClient } from './testing';

// Deletion is final and revocation is at once: a replayed registration brings back no account and
// no session, and a request waiting with a token ends when the token does.
const register = (api: TestClient, name: string, key: string) =>
  api.call('POST', '/v1/players', { body: { name }, headers: { 'idempotency-key': key } });
const etagOf = async (api: TestClient, token: string) =>
  (await api.call('GET', '/v1/me', { token })).headers.get('etag')!;

describe('deletion that is final', () => {
  it('refuses a registration replayed after the account was deleted, here and on a server started afresh', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    const key = newKey();
    const first = await register(api, 'Dee Secret-Surname', key);
    expect(first.status).toBe(201);
    const deleted = await api.call('DELETE', '/v1/me', {
      token: first.body.token,
      headers: { 'if-match': await etagOf(api, first.body.token), 'idempotency-key': newKey() },
    });
    expect(deleted.status).toBe(204);

    const fresh = new TestClient((request) =>
      createApp({ store, secret: TEST_SECRET, webhooks: { allowLoopbackHttp: true } }).request(request),
    );
    for (const client of [api, fresh]) {
      const replay = await register(client, 'Dee Secret-Surname', key);
      expect([replay.status, replay.body.code]).toEqual([410, 'player/deleted']);
      expect(replay.text).not.toContain('Secret-Surname');
      expect(replay.body.token).toBeUndefined();
      // The token the first reply gave opens nothing, on either server.
      expect((await client.call('GET', '/v1/me', { token: first.body.token })).status).toBe(401);
    }
  });

  it('refuses a registration replayed after its first session was revoked: the revoked token is not handed out again', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const key = newKey();
    const first = await register(api, 'Ann', key);
    const other = await api.call('POST', '/v1/me/tokens', {
      token: first.body.token,
      headers: { 'idempotency-key': newKey() },
    });
    const session = first.body.token.split('.')[2];
    const revoked = await api.call('DELETE', `/v1/me/tokens/${session}`, {
      token: other.body.token,
      headers: { 'if-match': await etagOf(api, other.body.token), 'idempotency-key': newKey() },
    });
    expect(revoked.status).toBe(204);
    const replay = await register(api, 'Ann', key);
    expect([replay.status, replay.body.code]).toEqual([409, 'player/token-revoked']);
    expect(replay.body.token).toBeUndefined();
    expect((await api.call('GET', '/v1/me', { token: first.body.token })).status).toBe(401);
  });
});

describe('revocation ends a request that waits', () => {
  it('answers a long-poll 401 as soon as its token is revoked, not at the end of its wait', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    // The player not in turn: nothing would end their waits but the revocation.
    const seen = await Promise.all(tokens.map((t) => api.view(t, gameId)));
    const waiter = seen.findIndex((v) => v.body.yourSeat !== v.body.hand.turn);
    const ann = tokens[waiter] as string;
    const second = await api.call('POST', '/v1/me/tokens', { token: ann, headers: { 'idempotency-key': newKey() } });
    const view = seen[waiter]!;
    const waiting = api.call('GET', `/v1/games/${gameId}/events?after=${view.body.version}&wait=20`, {
      token: second.body.token,
    });
    const turns = api.call('GET', '/v1/me/games?turn=mine&wait=20', { token: second.body.token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const revoked = await api.call('DELETE', `/v1/me/tokens/${second.body.id}`, {
      token: ann,
      headers: { 'if-match': await etagOf(api, ann), 'idempotency-key': newKey() },
    });
    expect(revoked.status).toBe(204);
    const started = performance.now();
    const [events, mine] = await Promise.all([waiting, turns]);
    // Within the poll's interval (250 ms), with a margin no busy machine misses: the wait was 20 s.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect([events.status, events.body.code]).toEqual([401, 'auth/unauthenticated']);
    expect([mine.status, mine.body.code]).toEqual([401, 'auth/unauthenticated']);
  }, 40_000);
});
