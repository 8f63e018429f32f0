// README: "any answer but 2xx within 15 s is retried": the app's own sweeper, with no timeout
// configured, waits for a receiver 15 s and no longer. The clock of the send (setTimeout and
// performance.now) is faked once the delivery is queued, so this takes no 15 s of the run; the
// sockets, DynamoDB and the receiver are real.
import { setTimeout as realSleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newKey } from '@chickenfoot/api/testing';
import { hooked } from './support';
import type { Answer } from '../support/receiver';

const SECONDS_15 = 15_000;
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

/** Queues a test delivery to a receiver answering `answer`, fakes the timers, and starts a sweep. */
async function sweepingTo(answer: Answer) {
  const h = await hooked({ answer });
  opened.push(h);
  const ann = await h.player('Ann');
  const queued = await h.api.call('POST', `/v1/me/webhooks/${ann.endpoint.id}/test`, {
    token: ann.token,
    headers: { 'idempotency-key': newKey() },
  });
  expect(queued.status).toBe(202);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  let done = false;
  const sweep = h.sweep().finally(() => (done = true));
  await h.receiver.waitFor(1);
  const log = async () =>
    (await h.api.call('GET', `/v1/me/webhooks/${ann.endpoint.id}/deliveries`, { token: ann.token })).body.deliveries[0];
  return { sweep, isDone: () => done, log, receiver: h.receiver };
}

/**
 * Lets real I/O run for a while (node:timers/promises is not faked): a sender that gives up closes its
 * socket at once, which the receiver on loopback sees within a millisecond; 300 ms leaves a stalled
 * machine a wide margin, and a stall longer than that could only hide a failure, never make one.
 */
const settle = () => realSleep(300);

describe('the sweeper’s default wait for a receiver', () => {
  it('gives a receiver that has not answered in 15 s up, as a timeout to retry, and not before', async () => {
    const { sweep, isDone, log, receiver } = await sweepingTo(() => ({ status: 204, delayMs: 60_000 }));
    vi.advanceTimersByTime(SECONDS_15 - 1);
    await settle();
    expect({ hungUp: receiver.hungUp, done: isDone() }).toEqual({ hungUp: 0, done: false });
    vi.advanceTimersByTime(1);
    await expect.poll(() => receiver.hungUp).toBe(1);
    vi.useRealTimers();
    await sweep;
    expect(await log()).toMatchObject({
      status: 'pending',
      attempts: [expect.objectContaining({ outcome: 'timeout', status: null })],
    });
  });

  it('takes a 2xx that comes just inside the 15 s', async () => {
    const { sweep, isDone, log, receiver } = await sweepingTo(() => ({ status: 204, delayMs: SECONDS_15 - 100 }));
    vi.advanceTimersByTime(SECONDS_15 - 101);
    await settle();
    expect({ hungUp: receiver.hungUp, done: isDone() }).toEqual({ hungUp: 0, done: false });
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await sweep;
    expect(await log()).toMatchObject({ status: 'delivered', attempts: [expect.objectContaining({ status: 204 })] });
  });
});
