// The endpoints API: adding (once per Idempotency-Key, the secret shown only then), listing,
// changing, removing; URLs refused with their codes (HTTPS to public addresses only, loopback HTTP
// only in local use); one player never sees or touches another's endpoints; the "my turn" long-poll.
import { newKey, testApi } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';
import { addEndpoint, seat, step } from './support';

const URL_OK = 'https://hooks.example.com/chickenfoot';

describe('webhook endpoints', () => {
  it('adds an endpoint once per key, shows its secret only then, lists, changes and removes it', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const key = newKey();
    const first = await addEndpoint(
      api,
      ann.token,
      { url: URL_OK, events: ['turn.started'], description: 'my bot' },
      key,
    );
    const again = await addEndpoint(
      api,
      ann.token,
      { url: URL_OK, events: ['turn.started'], description: 'my bot' },
      key,
    );
    expect(again.body).toEqual(first.body);
    // The same key with another body is refused, as for every other create.
    const other = await api.call('POST', '/v1/me/webhooks', {
      token: ann.token,
      body: { url: URL_OK, events: ['turn.started'] },
      headers: { 'idempotency-key': key },
    });
    expect([other.status, other.body.code]).toEqual([422, 'request/idempotency-key-reused']);
    expect(first.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(first.body.endpoint).toMatchObject({
      url: URL_OK,
      events: ['turn.started'],
      games: null,
      enabled: true,
      description: 'my bot',
    });
    const id = first.body.endpoint.id as string;
    const list = await api.call('GET', '/v1/me/webhooks', { token: ann.token });
    expect(list.body.endpoints).toEqual([first.body.endpoint]);
    expect(list.text).not.toContain(first.body.secret);
    const changed = await api.call('PATCH', `/v1/me/webhooks/${id}`, {
      token: ann.token,
      body: { events: ['hand.ended', 'game.finished'], enabled: false },
    });
    expect(changed.body).toMatchObject({
      events: ['hand.ended', 'game.finished'],
      enabled: false,
      disabledReason: null,
    });
    expect((await api.call('DELETE', `/v1/me/webhooks/${id}`, { token: ann.token })).status).toBe(204);
    expect((await api.call('GET', `/v1/me/webhooks/${id}`, { token: ann.token })).body.code).toBe('webhook/not-found');
    // A retry of the creation after the removal does not bring it back.
    const revived = await api.call('POST', '/v1/me/webhooks', {
      token: ann.token,
      body: { url: URL_OK },
      headers: { 'idempotency-key': key },
    });
    expect(revived.body.code).toBe('request/idempotency-key-reused');
    expect((await api.call('GET', '/v1/me/webhooks', { token: ann.token })).body.endpoints).toEqual([]);
  });

  it('refuses URLs that are not HTTPS to a public address, with their codes, and changes nothing', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { webhooks: { allowLoopbackHttp: false } });
    const ann = await api.register('Ann');
    const cases: [string, string][] = [
      ['not a url', 'webhook/url-invalid'],
      ['http://hooks.example.com/x', 'webhook/url-not-https'],
      ['ftp://hooks.example.com/x', 'webhook/url-not-https'],
      ['https://user:pass@hooks.example.com/x', 'webhook/url-invalid'],
      ['https://10.0.0.8/x', 'webhook/url-not-allowed'],
      ['https://127.0.0.1/x', 'webhook/url-not-allowed'],
      ['https://[::1]/x', 'webhook/url-not-allowed'],
      ['https://169.254.169.254/latest/meta-data', 'webhook/url-not-allowed'],
      ['http://127.0.0.1:8080/x', 'webhook/url-not-https'],
    ];
    for (const [url, code] of cases) {
      const res = await api.call('POST', '/v1/me/webhooks', {
        token: ann.token,
        body: { url },
        headers: { 'idempotency-key': newKey() },
      });
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 422, code });
    }
    expect((await api.call('GET', '/v1/me/webhooks', { token: ann.token })).body.endpoints).toEqual([]);
  });

  it('allows ten endpoints a player, and refuses the eleventh', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    for (let i = 0; i < 10; i++) await addEndpoint(api, ann.token, { url: `${URL_OK}/${i}` });
    const eleventh = await api.call('POST', '/v1/me/webhooks', {
      token: ann.token,
      body: { url: URL_OK },
      headers: { 'idempotency-key': newKey() },
    });
    expect(eleventh.body).toMatchObject({ status: 422, code: 'webhook/too-many-endpoints' });
  });

  it('adds ten endpoints sent at once: each is added (a lost race is decided again), none answered 412', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    // No If-Match was sent: a race lost inside the server is the server's to retry, never a 412.
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.call('POST', '/v1/me/webhooks', {
          token: ann.token,
          body: { url: `${URL_OK}/${i}` },
          headers: { 'idempotency-key': newKey() },
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    const listed = await api.call('GET', '/v1/me/webhooks', { token: ann.token });
    expect(listed.body.endpoints).toHaveLength(10);
  });

  it('keeps each player’s endpoints their own: another player gets 404 for every operation on them', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const eve = await api.register('Eve');
    const { body } = await addEndpoint(api, ann.token, { url: URL_OK });
    const id = body.endpoint.id as string;
    const tries = [
      api.call('GET', `/v1/me/webhooks/${id}`, { token: eve.token }),
      api.call('PATCH', `/v1/me/webhooks/${id}`, { token: eve.token, body: { url: 'https://eve.example.com/' } }),
      api.call('DELETE', `/v1/me/webhooks/${id}`, { token: eve.token }),
      api.call('POST', `/v1/me/webhooks/${id}/secret`, { token: eve.token, headers: { 'idempotency-key': newKey() } }),
      api.call('POST', `/v1/me/webhooks/${id}/test`, { token: eve.token, headers: { 'idempotency-key': newKey() } }),
      api.call('GET', `/v1/me/webhooks/${id}/deliveries`, { token: eve.token }),
    ];
    for (const res of await Promise.all(tries))
      expect(res.body).toMatchObject({ status: 404, code: 'webhook/not-found' });
    expect((await api.call('GET', '/v1/me/webhooks', { token: eve.token })).body.endpoints).toEqual([]);
    expect((await api.call('GET', `/v1/me/webhooks/${id}`, { token: ann.token })).body.url).toBe(URL_OK);
    expect((await api.call('GET', '/v1/me/webhooks', {})).status).toBe(401);
  });

  it('long-polls "my turn": GET /v1/me/games?turn=mine&wait returns as soon as a game waits for me', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const bob = await api.register('Bob');
    const started = performance.now();
    const polls = new Map([
      [ann, api.call('GET', '/v1/me/games?turn=mine&wait=20', { token: ann.token })],
      [bob, api.call('GET', '/v1/me/games?turn=mine&wait=20', { token: bob.token })],
    ]);
    const gameId = await seat(api, [ann, bob], { set: 6 });
    const table = await api.view(ann.token, gameId);
    const inTurn = table.body.hand.turn === 1 ? bob : ann;
    const other = inTurn === bob ? ann : bob;
    const woke = await polls.get(inTurn)!;
    expect(woke.status).toBe(200);
    expect(woke.body.games).toEqual([expect.objectContaining({ id: gameId, yourTurn: true })]);
    // Woken by the game, not by the end of its 20 s wait: the answer comes within a second or so; 10 s
    // is a margin no busy machine eats, and still half the wait.
    expect(performance.now() - started).toBeLessThan(10_000);
    const theirs = await api.call('GET', '/v1/me/games?turn=mine', { token: other.token });
    expect(theirs.body.games).toEqual([]);
    // The other wait ends when the game turns to them.
    expect(await step(api, [ann, bob], gameId)).toMatchObject({ seat: table.body.hand.turn });
    const turned = await polls.get(other)!;
    expect(turned.body.games).toEqual([expect.objectContaining({ id: gameId, yourTurn: true })]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
