import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sendWebhook, type SendOptions } from './send';
import { generateSecret, webhookHeaders } from './signing';
import { startReceiver, tableLookup, type Receiver } from './receiver.testing';
import type { SendOutcome } from './outcome';

const DEV: SendOptions = { policy: { allowLoopbackHttp: true } };
const BODY = '{"type":"turn.started","data":{"gameId":"g_1"}}';
const receivers: Receiver[] = [];

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

function failed(outcome: SendOutcome) {
  if (outcome.kind !== 'failed') throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('sendWebhook to a real receiver on loopback', () => {
  it('delivers on 2xx: one POST with the body, the headers and the framing it sets itself', async () => {
    const r = await receiver((_req, res) => res.writeHead(202, { 'content-type': 'text/plain' }).end('thanks'));
    const headers = {
      ...webhookHeaders({ id: 'msg_1', timestamp: 1_700_000_000, body: BODY, secrets: [generateSecret()] }),
      host: 'evil.example',
    };
    const outcome = await sendWebhook(r.url('/hooks/in?src=cf'), headers, BODY, DEV);
    expect(outcome).toMatchObject({ kind: 'delivered', status: 202, body: 'thanks' });
    expect(outcome.ms).toBeGreaterThanOrEqual(0);
    expect(r.requests).toHaveLength(1);
    const got = r.requests[0]!;
    expect(got).toMatchObject({ method: 'POST', path: '/hooks/in?src=cf', body: BODY });
    expect(got.headers).toMatchObject({
      host: `127.0.0.1:${r.port}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(BODY)),
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1700000000',
      'user-agent': 'Chickenfoot-Webhooks/1',
      connection: 'close',
    });
  });

  it('sends a request that the reference library verifies, with either secret during a rotation', async () => {
    const r = await receiver();
    const [old, fresh] = [generateSecret(), generateSecret()];
    const timestamp = Math.floor(Date.now() / 1000); // the reference verifier checks it against its own clock
    const headers = webhookHeaders({ id: 'msg_rot', timestamp, body: BODY, secrets: [old, fresh] });
    expect((await sendWebhook(r.url(), headers, BODY, DEV)).kind).toBe('delivered');
    const got = r.requests[0]!;
    const received = {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    };
    expect(received['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [old, fresh]) expect(new Webhook(secret).verify(got.body, received)).toEqual(JSON.parse(BODY));
    // And it can fail: another secret, or a body changed on the way, does not verify.
    expect(() => new Webhook(generateSecret()).verify(got.body, received)).toThrow();
    expect(() => new Webhook(old).verify(got.body.replace('g_1', 'g_2'), received)).toThrow();
  });

  it('sends a multi-byte body whole (Content-Length counts bytes, not characters)', async () => {
    const r = await receiver();
    const body = '{"name":"Zoë 🁣"}';
    expect((await sendWebhook(r.url(), {}, body, DEV)).kind).toBe('delivered');
    expect(r.requests[0]!.body).toBe(body);
  });

  it('fails on 500 with the status and the start of the body', async () => {
    const r = await receiver((_req, res) => res.writeHead(500).end('boom'));
    expect(failed(await sendWebhook(r.url(), {}, BODY, DEV))).toMatchObject({
      status: 500,
      reason: 'http-status',
      body: 'boom',
      gone: false,
      retryAfterMs: null,
    });
  });

  it('marks 410 as gone', async () => {
    const r = await receiver((_req, res) => res.writeHead(410).end());
    expect(failed(await sendWebhook(r.url(), {}, BODY, DEV))).toMatchObject({ status: 410, gone: true });
  });

  it.each([400, 401, 404, 429, 503])('fails on %d (any non-2xx)', async (status) => {
    const r = await receiver((_req, res) => res.writeHead(status).end());
    expect(failed(await sendWebhook(r.url(), {}, BODY, DEV))).toMatchObject({ status, reason: 'http-status' });
  });

  it.each([301, 302, 303, 307, 308])('does not follow a %d: the Location receiver gets nothing', async (status) => {
    const target = await receiver();
    const r = await receiver((_req, res) => res.writeHead(status, { location: target.url('/next') }).end());
    const outcome = failed(await sendWebhook(r.url(), {}, BODY, DEV));
    expect(outcome).toMatchObject({ status, reason: 'redirect' });
    expect(outcome.detail).toContain(target.url('/next'));
    expect(r.requests).toHaveLength(1);
    expect(target.connections).toBe(0);
  });

  it('gives up on a slow receiver at timeoutMs', async () => {
    // The receiver would answer 200 after 20 s: a timeout outcome is proof enough that the sender did not
    // wait for it, judged by what happened rather than by the wall clock (which a busy machine stretches).
    const r = await receiver((_req, res) => setTimeout(() => res.writeHead(200).end(), 20_000).unref());
    const outcome = failed(await sendWebhook(r.url(), {}, BODY, { ...DEV, timeoutMs: 300 }));
    expect(outcome).toMatchObject({ status: null, reason: 'timeout' });
    // Not before the budget (a timer never fires early; 10 ms of rounding allowed).
    expect(outcome.ms).toBeGreaterThanOrEqual(290);
    expect(r.requests).toHaveLength(1);
  });

  it('counts a 2xx whose body never ends as delivered, cut at timeoutMs (the receiver did answer)', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200);
      res.write('ok so far');
    });
    const outcome = await sendWebhook(r.url(), {}, BODY, { ...DEV, timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: 'delivered', status: 200, body: 'ok so far' });
    expect(outcome.ms).toBeGreaterThanOrEqual(290);
  });

  it('counts the resolver against the same budget', async () => {
    const slowDns = async () => new Promise<never>(() => undefined);
    const outcome = failed(
      await sendWebhook('http://localhost/', {}, BODY, { ...DEV, lookup: slowDns, timeoutMs: 200 }),
    );
    expect(outcome).toMatchObject({ reason: 'timeout', status: null });
  });

  it('reads at most maxBodyBytes of a huge answer, then closes the socket', async () => {
    let written = 0;
    let closed = false;
    const r = await receiver((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      res.on('close', () => (closed = true));
      const pump = () => {
        // An endless body: only the client closing the socket stops it.
        while (!closed && res.write(chunk)) written += chunk.length;
        if (!closed) res.once('drain', pump);
      };
      pump();
    });
    const outcome = failed(await sendWebhook(r.url(), {}, BODY, { ...DEV, maxBodyBytes: 1000 }));
    expect(outcome).toMatchObject({ status: 500, reason: 'http-status' });
    expect(outcome.body).toBe('x'.repeat(1000));
    await expect.poll(() => closed).toBe(true);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('keeps a 2xx delivered when its body is capped', async () => {
    const r = await receiver((_req, res) => res.writeHead(200).end('y'.repeat(10_000)));
    const outcome = await sendWebhook(r.url(), {}, BODY, DEV);
    expect(outcome).toMatchObject({ kind: 'delivered', status: 200 });
    expect(outcome.body).toHaveLength(4096);
  });

  it('reads Retry-After in seconds', async () => {
    const r = await receiver((_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
    expect(failed(await sendWebhook(r.url(), {}, BODY, DEV))).toMatchObject({ status: 429, retryAfterMs: 120_000 });
  });

  it('reads Retry-After as an HTTP-date, from the injected clock', async () => {
    const r = await receiver((_req, res) =>
      res.writeHead(503, { 'retry-after': 'Tue, 01 Dec 2026 12:05:00 GMT' }).end(),
    );
    const now = () => Date.parse('2026-12-01T12:00:00Z');
    expect(failed(await sendWebhook(r.url(), {}, BODY, { ...DEV, now }))).toMatchObject({
      status: 503,
      retryAfterMs: 300_000,
    });
  });

  it('reports a refused connection as connect', async () => {
    const port = await freePort();
    expect(failed(await sendWebhook(`http://127.0.0.1:${port}/`, {}, BODY, DEV))).toMatchObject({
      status: null,
      reason: 'connect',
    });
  });

  it('reports a receiver that hangs up without answering as connect', async () => {
    const r = await receiver((req) => req.socket.destroy());
    expect(failed(await sendWebhook(r.url(), {}, BODY, DEV))).toMatchObject({ status: null, reason: 'connect' });
    expect(r.requests).toHaveLength(1);
  });

  it('reports a name that does not resolve as dns', async () => {
    const { lookup } = tableLookup({});
    expect(failed(await sendWebhook('https://nowhere.test/', {}, BODY, { ...DEV, lookup }))).toMatchObject({
      reason: 'dns',
      status: null,
    });
    const empty = tableLookup({ 'empty.test': [] });
    expect(failed(await sendWebhook('https://empty.test/', {}, BODY, { ...DEV, lookup: empty.lookup })).reason).toBe(
      'dns',
    );
  });

  it('reaches localhost through the real resolver under the dev policy', async () => {
    const r = await receiver();
    expect((await sendWebhook(`http://localhost:${r.port}/`, {}, BODY, DEV)).kind).toBe('delivered');
    expect(r.requests).toHaveLength(1);
  });

  it('reaches an IPv6 loopback receiver', async () => {
    const r = await receiver(undefined, { host: '::1' });
    expect((await sendWebhook(r.url(), {}, BODY, DEV)).kind).toBe('delivered');
    expect(r.requests[0]!.headers.host).toBe(`[::1]:${r.port}`);
  });

  it('never throws, even on a header value node refuses', async () => {
    const r = await receiver();
    const outcome = failed(await sendWebhook(r.url(), { 'x-bad': 'a\r\nb' }, BODY, DEV));
    expect(outcome.reason).toBe('connect');
    expect(r.requests).toHaveLength(0);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
