// Deliveries through a real receiver on loopback, under a fake clock: signed as Standard Webhooks
// says (checked with the reference `standardwebhooks` package), retried on the schedule to a failing
// receiver, given up after about three days, stopped by a 410, never redirected, timed out, told to
// wait by Retry-After, sent again after a crash between sending and recording, redelivered by hand.
import type { WebhookSender } from '@chickenfoot/app';
import { sendWebhook } from '@chickenfoot/webhooks';
import { newKey, testApi } from '@chickenfoot/api/testing';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startReceiver } from '../support/receiver';
import { readmeSchedule } from './schedule';
import { hooked } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

async function setUp(options: Parameters<typeof hooked>[0] = {}) {
  const h = await hooked(options);
  opened.push(h);
  const ann = await h.player('Ann');
  const test = async () => {
    // A moment apart, so the log's newest first is the order they were made in.
    h.clock.now += 1;
    const res = await h.api.call('POST', `/v1/me/webhooks/${ann.endpoint.id}/test`, {
      token: ann.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.status).toBe(202);
    return res.body;
  };
  const log = async () =>
    (await h.api.call('GET', `/v1/me/webhooks/${ann.endpoint.id}/deliveries`, { token: ann.token })).body.deliveries;
  return { ...h, ann, test, log };
}

/** Verifies a delivery as a receiver would, with the reference library (its own clock: the machine's). */
const verifies = (secret: string, request: { body: string; headers: Record<string, unknown> }) => {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  return new Webhook(secret).verify(request.body, headers);
};

describe('webhook deliveries', () => {
  it('delivers a test event once, signed: it verifies with the standardwebhooks package', async () => {
    const { test, sweep, receiver, ann, log } = await setUp();
    const queued = await test();
    expect(queued).toMatchObject({ type: 'webhook.test', status: 'pending', attemptCount: 0 });
    expect(await sweep()).toMatchObject({ effects: { delivered: 1 } });
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request!.headers['webhook-id']).toBe(queued.messageId);
    expect(verifies(ann.secret, request!)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: ann.endpoint.id },
    });
    expect(() =>
      verifies(
        ann.secret.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        request!,
      ),
    ).toThrow();
    expect(await sweep()).toMatchObject({ due: 0 });
    expect(receiver.requests).toHaveLength(1);
    expect(await log()).toEqual([expect.objectContaining({ status: 'delivered', attemptCount: 1 })]);
  });

  it('retries a failing receiver on the README’s schedule (about three days), then gives up', async () => {
    const { test, sweep, after, clock, receiver, log } = await setUp({ answer: () => ({ status: 500, body: 'down' }) });
    const { delays, jitter } = readmeSchedule();
    expect(delays).toHaveLength(9);
    await test();
    await sweep();
    const times = [clock.now];
    const ratios: number[] = [];
    for (const delay of delays) {
      // The next attempt is due `delay` after the last one, give or take the jitter, whatever the seed.
      const [pending] = await log();
      const ratio = (Date.parse(pending.nextAttemptAt) - times.at(-1)!) / delay;
      expect({ delay, ratio, within: Math.abs(ratio - 1) <= jitter }).toMatchObject({ within: true });
      ratios.push(ratio);
      // Not before the earliest the jitter allows, and by the latest.
      await after(Math.floor(delay * (1 - jitter)) - 1);
      expect(receiver.requests).toHaveLength(times.length);
      await after(Math.ceil(delay * 2 * jitter) + 2);
      expect(receiver.requests).toHaveLength(times.length + 1);
      times.push(clock.now);
    }
    // The jitter is there: not every delay is the schedule's exact figure.
    expect(new Set(ratios.map((r) => r.toFixed(4))).size).toBeGreaterThan(1);
    await after(30 * 24 * 3_600_000);
    expect(receiver.requests).toHaveLength(delays.length + 1);
    const spanHours = (times.at(-1)! - times[0]!) / 3_600_000;
    // "About three days": the README's delays add up to 71.6 h.
    expect(spanHours).toBeGreaterThan(64);
    expect(spanHours).toBeLessThan(80);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await log();
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 10, nextAttemptAt: null });
    expect(delivery.attempts.at(-1)).toMatchObject({ status: 500, outcome: 'http-status' });
    console.log(`webhooks: a failing receiver got ${receiver.requests.length} attempts over ${spanHours.toFixed(1)} h`);
  });

  it('turns an endpoint off when its receiver answers 410, until its owner turns it on again', async () => {
    const { test, sweep, receiver, ann, api, log } = await setUp({ answer: () => ({ status: 410 }) });
    await test();
    await sweep();
    const endpoint = await api.call('GET', `/v1/me/webhooks/${ann.endpoint.id}`, { token: ann.token });
    expect(endpoint.body).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect((await log())[0]).toMatchObject({ status: 'failed', attemptCount: 1 });
    await test();
    await sweep();
    expect(receiver.requests).toHaveLength(1);
    expect((await log())[0]).toMatchObject({
      status: 'cancelled',
      attempts: [expect.objectContaining({ outcome: 'not-sent' })],
    });
    receiver.answer(() => ({ status: 200 }));
    const on = await api.call('PATCH', `/v1/me/webhooks/${ann.endpoint.id}`, {
      token: ann.token,
      body: { enabled: true },
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    await test();
    await sweep();
    expect(receiver.requests).toHaveLength(2);
  });

  it('never follows a redirect: the target gets nothing, and the attempt failed', async () => {
    const target = await startReceiver();
    opened.push(target);
    const { test, sweep, receiver, log } = await setUp({
      answer: () => ({ status: 302, headers: { location: target.url } }),
    });
    await test();
    await sweep();
    expect(receiver.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
    expect((await log())[0]).toMatchObject({
      status: 'pending',
      attempts: [expect.objectContaining({ status: 302, outcome: 'redirect' })],
    });
  });

  it('gives a slow receiver up after the timeout, and tries again later', async () => {
    const { test, sweep, after, receiver, log } = await setUp({
      answer: (_, n) => (n === 0 ? { status: 200, delayMs: 2_000 } : { status: 200 }),
      sweeper: { timeoutMs: 300 },
    });
    await test();
    await sweep();
    expect((await log())[0]).toMatchObject({
      status: 'pending',
      attempts: [expect.objectContaining({ outcome: 'timeout' })],
    });
    await after(6_000);
    expect(receiver.requests).toHaveLength(2);
    expect((await log())[0]).toMatchObject({ status: 'delivered', attemptCount: 2 });
  });

  it('honours Retry-After when the receiver asks for longer than the schedule', async () => {
    const { test, sweep, after, clock, receiver, log } = await setUp({
      answer: (_, n) => (n === 0 ? { status: 503, headers: { 'retry-after': '3600' } } : { status: 204 }),
    });
    await test();
    await sweep();
    const [pending] = await log();
    expect(Date.parse(pending.nextAttemptAt) - clock.now).toBe(3_600_000);
    await after(3_600_000 - 1);
    expect(receiver.requests).toHaveLength(1);
    await after(1);
    expect(receiver.requests).toHaveLength(2);
  });

  it('caps a receiver’s Retry-After at a day: a week asked for is 24 h, in seconds or as a date', async () => {
    const week = 7 * 24 * 3_600;
    const { test, sweep, after, clock, receiver, log } = await setUp({
      answer: (_, n) =>
        n === 0
          ? { status: 503, headers: { 'retry-after': String(week) } }
          : n === 1
            ? { status: 429, headers: { 'retry-after': new Date(clock.now + week * 1000).toUTCString() } }
            : { status: 204 },
    });
    await test();
    await sweep();
    const DAY = 24 * 3_600_000;
    expect(Date.parse((await log())[0].nextAttemptAt) - clock.now).toBe(DAY);
    await after(DAY - 1);
    expect(receiver.requests).toHaveLength(1);
    await after(1);
    expect(receiver.requests).toHaveLength(2);
    // The second answer's date is a week ahead of the sweeper's clock: a day again.
    expect(Date.parse((await log())[0].nextAttemptAt) - clock.now).toBe(DAY);
    await after(DAY);
    expect(receiver.requests).toHaveLength(3);
    expect((await log())[0]).toMatchObject({ status: 'delivered', attemptCount: 3 });
  });

  it('signs with both secrets while a rotation overlaps, each verifying alone, then with the new one', async () => {
    const { test, sweep, after, receiver, ann, api } = await setUp();
    const key = newKey();
    const rotate = () =>
      api.call('POST', `/v1/me/webhooks/${ann.endpoint.id}/secret`, {
        token: ann.token,
        headers: { 'idempotency-key': key },
      });
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    expect((await rotate()).body.secret).toBe(rotated.body.secret);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(ann.secret);
    expect(rotated.body.endpoint.previousSecretExpiresAt).not.toBeNull();
    await test();
    await sweep();
    const [during] = receiver.requests;
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(ann.secret, during!)).toBeTruthy();
    expect(verifies(fresh, during!)).toBeTruthy();
    await after(24 * 3_600_000 + 1);
    await test();
    await sweep();
    const after24h = receiver.requests[1]!;
    expect(String(after24h.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const body = after24h.body;
    const id = String(after24h.headers['webhook-id']);
    const ts = new Date(Number(after24h.headers['webhook-timestamp']) * 1000);
    expect(after24h.headers['webhook-signature']).toBe(new Webhook(fresh).sign(id, ts, body));
  });

  it('sends again, with the same webhook-id, when the sweeper dies between sending and recording', async () => {
    let crash = true;
    const h = await setUp();
    const real = h.sweeper;
    // The sender of a sweeper that dies right after its request went out: the attempt is never recorded.
    const { appSweeper } = await import('@chickenfoot/app');
    const send: WebhookSender = async (url, headers, body) => {
      const res = await fetch(url, { method: 'POST', headers, body });
      if (crash) {
        crash = false;
        throw new Error('the sweeper died');
      }
      return { kind: 'delivered', status: res.status, ms: 1, body: '' };
    };
    const dying = appSweeper({ store: h.store, clock: () => h.clock.now, logger: () => {}, webhooks: { send } });
    await h.test();
    expect(await dying.sweep(h.clock.now)).toMatchObject({ failed: 1 });
    expect(h.receiver.requests).toHaveLength(1);
    // Its claim holds 50 s: no other sweep sends meanwhile; after it, one does.
    h.clock.now += 49_000;
    expect(await dying.sweep(h.clock.now)).toMatchObject({ busy: 1 });
    h.clock.now += 2_000;
    expect(await real.sweep(h.clock.now)).toMatchObject({ effects: { delivered: 1 } });
    expect(h.receiver.requests).toHaveLength(2);
    expect(h.receiver.requests[0]!.headers['webhook-id']).toBe(h.receiver.requests[1]!.headers['webhook-id']);
    expect((await h.log())[0]).toMatchObject({ status: 'delivered', attemptCount: 1 });
  });

  it('redelivers by hand: one more attempt, the same webhook-id, no retries after it', async () => {
    const { test, sweep, after, receiver, ann, api, log } = await setUp();
    const queued = await test();
    await sweep();
    receiver.answer(() => ({ status: 500 }));
    const again = await api.call('POST', `/v1/me/webhooks/${ann.endpoint.id}/deliveries/${queued.id}/redeliver`, {
      token: ann.token,
    });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: 'pending', id: queued.id });
    await sweep();
    await after(24 * 3_600_000);
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([queued.messageId, queued.messageId]);
    expect((await log())[0]).toMatchObject({ status: 'failed', attemptCount: 2 });
    const missing = await api.call('POST', `/v1/me/webhooks/${ann.endpoint.id}/deliveries/wd_1/redeliver`, {
      token: ann.token,
    });
    expect(missing.body).toMatchObject({ status: 404, code: 'webhook/delivery-not-found' });
  });

  it('refuses, at every attempt, a name that resolves to loopback under the production policy: nothing reached', async () => {
    const connections = { count: 0 };
    const listener = createServer((socket) => {
      connections.count++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise<void>((resolve) => listener.close(() => resolve())) });
    const port = (listener.address() as AddressInfo).port;
    // The sweeper's real SSRF-safe sender under the production policy, with a resolver that answers
    // loopback for this one name (what a hostile DNS would do).
    const lookups: string[] = [];
    const lookup = async (hostname: string) => {
      lookups.push(hostname);
      return hostname === 'loopback.hooks.test' ? [{ address: '127.0.0.1', family: 4 }] : [];
    };
    const policy = { allowLoopbackHttp: false };
    const h = await testApi(inject('dynamoEndpoint'), {
      webhooks: policy,
      sweeperWebhooks: { send: (url, headers, body) => sendWebhook(url, headers, body, { policy, lookup }) },
    });
    const ann = await h.api.register('Ann');
    // `localhost` is loopback by definition: refused at once, and nothing is kept.
    const local = await h.api.call('POST', '/v1/me/webhooks', {
      token: ann.token,
      body: { url: `https://localhost:${port}/hook` },
      headers: { 'idempotency-key': newKey() },
    });
    expect(local.body).toMatchObject({ status: 422, code: 'webhook/url-not-allowed' });
    expect((await h.api.call('GET', '/v1/me/webhooks', { token: ann.token })).body.endpoints).toEqual([]);
    // Another name passes the URL check (names are not resolved then); its addresses are checked on sending.
    const added = await h.api.call('POST', '/v1/me/webhooks', {
      token: ann.token,
      body: { url: `https://loopback.hooks.test:${port}/hook` },
      headers: { 'idempotency-key': newKey() },
    });
    expect(added.status).toBe(201);
    const id = added.body.endpoint.id as string;
    await h.api.call('POST', `/v1/me/webhooks/${id}/test`, {
      token: ann.token,
      headers: { 'idempotency-key': newKey() },
    });
    await h.sweeper.sweep(Date.now());
    const log = await h.api.call('GET', `/v1/me/webhooks/${id}/deliveries`, { token: ann.token });
    expect(log.body.deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: [expect.objectContaining({ status: null, outcome: 'address-not-allowed' })],
    });
    // The log names no address the server resolved (issue 28: it said "resolves to 127.0.0.1").
    expect(log.text).not.toContain('127.0.0.1');
    expect(lookups).toEqual(['loopback.hooks.test']);
    expect(connections.count).toBe(0);
  });

  it('never writes a secret or a signature to the logs', async () => {
    const { test, sweep, logs, ann } = await setUp({ answer: (_, n) => ({ status: n === 0 ? 500 : 204 }) });
    await test();
    await sweep();
    const text = JSON.stringify(logs);
    expect(text).not.toContain(ann.secret);
    expect(text).not.toContain('whsec_');
    expect(text).not.toMatch(/v1,[A-Za-z0-9+/]{20,}/);
  });
});
