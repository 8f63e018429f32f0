import { newKey, testApi, type TestClient } from '@chickenfoot/api/testing';
import { vapidKeysOf } from '@chickenfoot/app';
import { inject } from 'vitest';
import { startPushService, type PushService } from './push-service';

/** The VAPID secret of these tests (a random password, as `npm start` makes one). */
export const VAPID_SECRET = 'push-tests-vapid-secret-0123456789-abcdefghij';
/** The public key that secret makes: what every push must be signed with. */
export const VAPID_PUBLIC = vapidKeysOf(VAPID_SECRET).current.publicKey;

/** The app and its sweeper with Web Push on, a loopback push service, and one fake clock. */
export async function pushed() {
  const clock = { now: Date.now() };
  const harness = await testApi(inject('dynamoEndpoint'), {
    clock: () => clock.now,
    limits: { perPlayer: { burst: 10_000, perSecond: 10_000 } },
    push: { secret: VAPID_SECRET },
  });
  const service = await startPushService();
  const { api, sweeper } = harness;
  return {
    ...harness,
    clock,
    service,
    /** Registers `device` (a new browser subscription on the service) for the token's session. */
    device: (token: string, device: string, body: Record<string, unknown> = {}) =>
      registerDevice(api, service, token, device, body),
    sweep: () => sweeper.sweep(clock.now),
    async after(ms: number) {
      clock.now += ms;
      return sweeper.sweep(clock.now);
    },
    close: () => service.close(),
  };
}

/** `POST /v1/me/push-subscriptions` with a new subscription of `service`, expecting 201: the subscription. */
export async function registerDevice(
  api: TestClient,
  service: PushService,
  token: string,
  device: string,
  body: Record<string, unknown> = {},
) {
  const { endpoint, keys } = service.subscribe(device);
  const res = await api.call('POST', '/v1/me/push-subscriptions', {
    token,
    body: { endpoint, keys, label: device, ...body },
  });
  if (res.status !== 201) throw new Error(`register device: ${res.status} ${res.text}`);
  return res.body as { id: string; events: string[] };
}

/** The keys of every push payload: nothing else may be in one (no tile, no hand, no token). */
export const PAYLOAD_KEYS = ['at', 'body', 'by', 'deadline', 'gameId', 'tag', 'title', 'type', 'url', 'version'];

export { newKey };
