// The default budget of an attempt is 15 s (README: "any answer but 2xx within 15 s is retried"): a
// send given no timeoutMs waits for an answer that comes at 14.9 s and gives one up at 15 s, on a fake
// clock (setTimeout and performance.now are faked: the sockets are real, on loopback), so this takes no
// 15 s of the run.
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendOutcome } from './outcome';
import { startReceiver, type Receiver } from './receiver.testing';
import { sendWebhook } from './send';

const DEV = { policy: { allowLoopbackHttp: true } };
const SECONDS_15 = 15_000;

let receiver: Receiver;
const waiting: ServerResponse[] = [];
let arrived: () => void = () => {};

beforeEach(async () => {
  receiver = await startReceiver((_req, res) => {
    waiting.push(res);
    arrived();
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(async () => {
  vi.useRealTimers();
  for (const res of waiting.splice(0)) res.destroy();
  await receiver.close();
});

/** Starts a send with the default options; resolves once the receiver holds the request. */
async function send() {
  const got = new Promise<void>((resolve) => (arrived = resolve));
  let outcome: SendOutcome | null = null;
  const sent = sendWebhook(receiver.url(), {}, '{}', DEV).then((o) => (outcome = o));
  await got;
  return { sent, outcome: () => outcome };
}

/** Lets the event loop run real I/O (setImmediate is not faked). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('sendWebhook’s default time budget', () => {
  it('gives up a receiver that has not answered after 15 s, and not before', async () => {
    const { sent, outcome } = await send();
    vi.advanceTimersByTime(SECONDS_15 - 1);
    await settle();
    expect(outcome()).toBeNull();
    vi.advanceTimersByTime(1);
    await settle();
    expect(outcome()).toMatchObject({ kind: 'failed', reason: 'timeout', status: null });
    await sent;
  });

  it('takes an answer that comes just inside the 15 s', async () => {
    const { sent, outcome } = await send();
    vi.advanceTimersByTime(SECONDS_15 - 100);
    await settle();
    expect(outcome()).toBeNull();
    waiting.shift()!.writeHead(204).end();
    await sent;
    expect(outcome()).toMatchObject({ kind: 'delivered', status: 204 });
  });
});
