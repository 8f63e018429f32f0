// The README's webhook receiver, run as written (node, with the reference standardwebhooks package)
// against the real app and sweeper: the app's test event reaches it and verifies; a forged one is
// refused with 400.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { newKey, testApi } from '@chickenfoot/api/testing';
import { describe, expect, inject, it } from 'vitest';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const TMP = new URL('../../.tmp/readme/', import.meta.url);

/** The README's `js` block after "A receiver in Node". */
function receiverBlock(): string {
  const from = README.indexOf('A receiver in Node');
  const block = /```js\n([\s\S]*?)```/.exec(README.slice(from))?.[1];
  if (from < 0 || !block) throw new Error('the README has no receiver example');
  return block;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('README: the webhook receiver', () => {
  it('runs as written: a delivery verifies, a forged one is refused', async () => {
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
    try {
      for (let i = 0; i < 100; i++) {
        const up = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).catch(() => null);
        if (up) {
          expect(up.status).toBe(400);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
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
