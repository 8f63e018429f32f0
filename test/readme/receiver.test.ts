// The README's webhook receiver, run as written (node, with the reference standardwebhooks package)
// against the real app and sweeper: the app's test event reaches it and verifies; a forged one (signed
// with another secret), a replayed one (the right signature, an hour old) and an unsigned one are
// refused with 400, while one the test signs itself with the endpoint's secret is taken.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { newKey, testApi } from '@chickenfoot/api/testing';
import { Webhook } from 'standardwebhooks';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/ports';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const TMP = new URL('../../.tmp/readme/', import.meta.url);

/** The README's `js` block after "A receiver in Node". */
function receiverBlock(): string {
  const from = README.indexOf('A receiver in Node');
  const block = /```js\n([\s\S]*?)```/.exec(README.slice(from))?.[1];
  if (from < 0 || !block) throw new Error('the README has no receiver example');
  return block;
}

describe('README: the webhook receiver', () => {
  it('runs as written: a delivery verifies; a forged, a replayed or an altered one is refused', async () => {
    const { api, sweeper } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const port = await freePort();
    const added = await api.call('POST', '/v1/me/webhooks', {
      token: ann.token,
      body: { url: `http://127.0.0.1:${port}/` },
      headers: { 'idempotency-key': newKey() },
    });
    // Inside the repository, so `standardwebhooks` resolves from its node_modules as a user's would.
    mkdirSync(TMP, { recursive: true });
    const file = new URL('receiver.mjs', TMP);
    writeFileSync(file, receiverBlock());
    const child = spawn(process.execPath, [file.pathname], {
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: added.body.secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const url = `http://127.0.0.1:${port}/`;
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
    /** Standard Webhooks headers for `body`, signed with `secret` at `at`. */
    const signed = (secret: string, body: string, at = new Date()) => {
      const id = `msg_${newKey()}`;
      return {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, at, body),
      };
    };
    const body = JSON.stringify({ type: 'turn.started', timestamp: new Date().toISOString(), data: { gameId: 'g_x' } });
    try {
      for (let i = 0; i < 100; i++) {
        const up = await post('{}').catch(() => null);
        if (up) {
          // Unsigned: refused.
          expect(up.status).toBe(400);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      // Signed, but with another secret (a forger's): refused.
      const forger = 'whsec_' + Buffer.from('not the endpoint secret, 32 byt').toString('base64');
      expect((await post(body, signed(forger, body))).status).toBe(400);
      // The endpoint's own signature, but an hour old (a replay): refused.
      const old = new Date(Date.now() - 3_600_000);
      expect((await post(body, signed(added.body.secret, body, old))).status).toBe(400);
      // The endpoint's own signature on a body changed on the way: refused.
      expect((await post(body.replace('g_x', 'g_y'), signed(added.body.secret, body))).status).toBe(400);
      // And what the same secret signs now is taken: the refusals above were for the signature alone.
      expect((await post(body, signed(added.body.secret, body))).status).toBe(204);
      expect(out).toContain('your turn in g_x');
      const id = added.body.endpoint.id as string;
      await api.call('POST', `/v1/me/webhooks/${id}/test`, {
        token: ann.token,
        headers: { 'idempotency-key': newKey() },
      });
      expect(await sweeper.sweep(Date.now())).toMatchObject({ effects: { delivered: 1 } });
      const log = await api.call('GET', `/v1/me/webhooks/${id}/deliveries`, { token: ann.token });
      expect(log.body.deliveries[0]).toMatchObject({
        status: 'delivered',
        attempts: [expect.objectContaining({ status: 204 })],
      });
      expect(out).toContain('webhook.test received');
    } finally {
      child.kill();
    }
  });
});
