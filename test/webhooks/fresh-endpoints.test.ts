// Issue 28, findings 4 and 7: what is sent follows the endpoint as it is now, on every server. The
// sweeper kept a player's endpoints for 15 s: after a secret rotation its first attempts carried only
// the old signature, and a deleted account's pending retry was still POSTed after the deletion. Here
// the sweeper has read the endpoints (a first delivery) before each change, and its clock does not
// move: a cache would serve the old endpoint for ever.
import { newKey } from '@chickenfoot/api/testing';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { hooked, seat, step } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((h) => h.close()));
});

const verifies = (secret: string, request: { body: string; headers: Record<string, unknown> }) => {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  return new Webhook(secret).verify(request.body, headers);
};

async function twoPlayers(answer?: Parameters<typeof hooked>[0]) {
  const h = await hooked(answer);
  opened.push(h);
  // Each player's endpoint at a path of their own on the one receiver.
  const ann = await h.player('Ann', { events: ['turn.started'] }, `${h.receiver.url}/ann`);
  const bob = await h.player('Bob', { events: ['turn.started'] }, `${h.receiver.url}/bob`);
  const gameId = await seat(h.api, [ann, bob], { set: 6 });
  await h.sweep();
  return { ...h, ann, bob, gameId };
}

describe('deliveries follow the endpoint as it is now', () => {
  it('a rotated secret signs the very next notification with both secrets, though the sweeper read the endpoint before', async () => {
    const h = await twoPlayers();
    // Turns go back and forth until Ann has been told of one: the sweeper has read her endpoint.
    while (!h.receiver.requests.some((r) => r.path.endsWith('/ann'))) {
      expect(await step(h.api, [h.ann, h.bob], h.gameId)).not.toBeNull();
      await h.sweep();
    }
    const rotated = await h.api.call('POST', `/v1/me/webhooks/${h.ann.endpoint.id}/secret`, {
      token: h.ann.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    const before = h.receiver.requests.length;
    let toAnn: (typeof h.receiver.requests)[number] | undefined;
    while (!toAnn) {
      expect(await step(h.api, [h.ann, h.bob], h.gameId)).not.toBeNull();
      await h.sweep();
      toAnn = h.receiver.requests.slice(before).find((r) => r.path.endsWith('/ann'));
    }
    expect(String(toAnn.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(fresh, toAnn)).toBeTruthy();
    expect(verifies(h.ann.secret, toAnn)).toBeTruthy();
  });

  it('a deleted account’s endpoints go with it: its pending retries are never sent', async () => {
    // Ann's receiver fails every attempt at first: her notifications wait for retries.
    const h = await twoPlayers({ answer: () => ({ status: 503 }) });
    while (!h.receiver.requests.some((r) => r.path.endsWith('/ann'))) {
      expect(await step(h.api, [h.ann, h.bob], h.gameId)).not.toBeNull();
      await h.sweep();
    }
    h.receiver.answer(() => ({ status: 204 }));
    const me = await h.api.call('GET', '/v1/me', { token: h.ann.token });
    const deleted = await h.api.call('DELETE', '/v1/me', {
      token: h.ann.token,
      headers: { 'if-match': me.headers.get('etag')!, 'idempotency-key': newKey() },
    });
    expect(deleted.status).toBe(204);
    const before = h.receiver.requests.length;
    // Three days of retries' time: nothing more reaches Ann's endpoint.
    for (let hour = 0; hour < 72; hour++) await h.after(3_600_000);
    const later = h.receiver.requests.slice(before);
    expect(later.filter((r) => r.path.endsWith('/ann'))).toEqual([]);
    const listed = await h.api.call('GET', '/v1/me/webhooks', { token: h.bob.token });
    expect(listed.status).toBe(200);
    expect(listed.body.endpoints).toHaveLength(1);
  });
});
