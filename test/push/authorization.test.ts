// Issue 31: the push routes × every identity, and hostile input to them. A player's devices are theirs
// alone: another player's subscription answers exactly as one that does not exist; a refusal changes
// nothing; what a subscription shows never includes its endpoint or keys.
import { newKey, TEST_SECRET } from '@chickenfoot/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../security/support/tokens';
import { pushed } from './support';

let h: Awaited<ReturnType<typeof pushed>>;
let ann: { id: string; token: string };
let bob: { id: string; token: string };
let annsDevice: { id: string };
beforeAll(async () => {
  h = await pushed();
  [ann, bob] = [await h.api.register('Ann'), await h.api.register('Bob')];
  annsDevice = await h.device(ann.token, 'ann-phone');
});
afterAll(() => h.close());

const list = async (token: string) =>
  (await h.api.call('GET', '/v1/me/push-subscriptions', { token })).body.subscriptions as {
    id: string;
    label: string;
  }[];

describe('push routes: authorization', () => {
  it('refuses no token, a forged and an altered one with 401 on every push route', async () => {
    const forged = signToken('not-the-server-secret-0123456789-abcdef', ann.id);
    const altered = `${ann.token.slice(0, -1)}${ann.token.endsWith('A') ? 'B' : 'A'}`;
    expect(signToken(TEST_SECRET, ann.id)).not.toBe(forged);
    const routes: [string, string][] = [
      ['GET', '/v1/push/key'],
      ['POST', '/v1/me/push-subscriptions'],
      ['GET', '/v1/me/push-subscriptions'],
      ['PATCH', `/v1/me/push-subscriptions/${annsDevice.id}`],
      ['DELETE', `/v1/me/push-subscriptions/${annsDevice.id}`],
      ['POST', `/v1/me/push-subscriptions/${annsDevice.id}/test`],
    ];
    for (const [method, path] of routes)
      for (const token of [undefined, forged, altered]) {
        const body = method === 'GET' || method === 'DELETE' ? {} : { body: { label: 'x' } };
        const res = await h.api.call(method, path, { ...(token ? { token } : {}), ...body });
        expect([method, path, res.status, res.body.code]).toEqual([method, path, 401, 'auth/unauthenticated']);
      }
    expect((await list(ann.token)).map((s) => s.label)).toEqual(['ann-phone']);
  });

  it('answers another player’s subscription exactly as one that does not exist, and changes nothing', async () => {
    const nobody = 'ps_QQQQQQQQQQQQQQQQQQQQQQ';
    for (const id of [annsDevice.id, nobody]) {
      const answers = [
        await h.api.call('PATCH', `/v1/me/push-subscriptions/${id}`, { token: bob.token, body: { label: 'mine' } }),
        await h.api.call('DELETE', `/v1/me/push-subscriptions/${id}`, { token: bob.token }),
        await h.api.call('POST', `/v1/me/push-subscriptions/${id}/test`, { token: bob.token }),
      ];
      for (const res of answers) {
        expect([res.status, res.body.code]).toEqual([404, 'push/not-found']);
        expect(res.text).not.toContain('ann-phone');
      }
    }
    expect(await list(bob.token)).toEqual([]);
    expect((await list(ann.token)).map((s) => s.label)).toEqual(['ann-phone']);
    await h.sweep();
    expect(h.service.delivered).toEqual([]);
  });

  it('shows its owner the push service’s host, never the endpoint or the keys; Ann’s test reaches Ann’s device', async () => {
    const [shown] = await list(ann.token);
    const text = JSON.stringify(shown);
    expect(shown).toMatchObject({
      id: annsDevice.id,
      pushService: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      thisSession: true,
    });
    expect(text).not.toMatch(/p256dh|auth|\/push\/ann-phone/);
    const test = await h.api.call('POST', `/v1/me/push-subscriptions/${annsDevice.id}/test`, { token: ann.token });
    expect(test.status).toBe(202);
    await h.sweep();
    expect(h.service.to('ann-phone')).toEqual([
      expect.objectContaining({ type: 'push.test', title: 'Notifications are on' }),
    ]);
  });
});

describe('push routes: hostile input', () => {
  const valid = () => h.service.subscribe(`d-${newKey().slice(0, 8)}`);
  it.each([
    ['an endpoint that is no URL', { endpoint: 'not a url' }, 422, 'push/endpoint-invalid'],
    ['an http endpoint off this machine', { endpoint: 'http://push.example.com/x' }, 422, 'push/endpoint-not-https'],
    ['a private address', { endpoint: 'https://10.0.0.1/x' }, 422, 'push/endpoint-not-allowed'],
    ['the cloud metadata address', { endpoint: 'https://169.254.169.254/latest' }, 422, 'push/endpoint-not-allowed'],
    [
      'a key that is no P-256 point',
      { keys: { p256dh: `BA${'A'.repeat(85)}`, auth: 'AAECAwQFBgcICQoLDA0ODw' } },
      422,
      'push/keys-invalid',
    ],
    ['an auth secret of 15 bytes', { keys: { auth: 'AAECAwQFBgcICQoLDA0O' } }, 422, 'push/keys-invalid'],
    ['a label of 61 characters', { label: 'A'.repeat(61) }, 400, 'request/invalid'],
    ['an event nobody knows', { events: ['turn.started', 'tiles.dealt'] }, 400, 'request/invalid'],
    ['no keys', { keys: undefined }, 400, 'request/invalid'],
  ] as [string, { keys?: Record<string, string> | undefined }, number, string][])(
    'refuses %s, and registers nothing',
    async (_name, change, status, code) => {
      const device = valid();
      const keys = change.keys === undefined && 'keys' in change ? undefined : { ...device.keys, ...change.keys };
      const body = { endpoint: device.endpoint, label: 'hostile', ...change, keys };
      const res = await h.api.call('POST', '/v1/me/push-subscriptions', { token: bob.token, body });
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(await list(bob.token)).toEqual([]);
    },
  );

  it('takes 20 devices at most; the same browser registering again replaces itself', async () => {
    const eve = await h.api.register('Eve');
    for (let i = 0; i < 20; i++) await h.device(eve.token, `eve-${i}`);
    const first = h.service.subscribe('eve-0');
    const again = await h.api.call('POST', '/v1/me/push-subscriptions', {
      token: eve.token,
      body: { ...first, label: 'renamed', ecdh: undefined, authSecret: undefined },
    });
    expect(again.status).toBe(201);
    const over = await h.device(eve.token, 'eve-20').catch((error: Error) => error.message);
    expect(over).toMatch(/^register device: 422 .*push\/too-many-subscriptions/);
    const labels = (await list(eve.token)).map((s) => s.label);
    expect(labels).toHaveLength(20);
    expect(labels).toContain('renamed');
    expect(labels).not.toContain('eve-20');
  });
});
