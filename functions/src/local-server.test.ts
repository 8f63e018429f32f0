import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newKey, TestClient } from '@chickenfoot/api/testing';
import { describe, expect, it } from 'vitest';
import { startLocalServer } from './local-server';

// `npm start`'s webhook policy: receivers on this machine over plain HTTP are accepted (local
// development), unless WEBHOOKS_LOOPBACK=0 holds it to the production policy.
describe('the local server’s webhook policy', () => {
  it.each([
    { loopback: undefined, status: 201, code: undefined },
    { loopback: false, status: 422, code: 'webhook/url-not-https' },
  ])(
    'with webhooksLoopback $loopback: a http://127.0.0.1 endpoint gets $status',
    async ({ loopback, status, code }) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'chickenfoot-local-'));
      const server = await startLocalServer({
        dataDir,
        port: 0,
        host: '127.0.0.1',
        sweepMs: 0,
        ...(loopback === undefined ? {} : { webhooksLoopback: loopback }),
      });
      try {
        const api = new TestClient((request) =>
          fetch(new URL(new URL(request.url).pathname, server.url), {
            method: request.method,
            headers: request.headers,
            body: request.body,
            duplex: 'half',
          } as RequestInit),
        );
        const ann = await api.register('Ann');
        const res = await api.call('POST', '/v1/me/webhooks', {
          token: ann.token,
          body: { url: 'http://127.0.0.1:9/hook' },
          headers: { 'idempotency-key': newKey() },
        });
        expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
      } finally {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

// Issue 31: `npm start` makes a VAPID secret on its first start and keeps it beside the token key, so
// the browsers subscribed with its public key stay subscribed across restarts.
describe('the local server’s push keys', () => {
  it('are made once, kept in the data folder, and the same after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chickenfoot-local-'));
    const keyOf = async () => {
      const server = await startLocalServer({ dataDir, port: 0, host: '127.0.0.1', sweepMs: 0 });
      try {
        const api = new TestClient((request) =>
          fetch(new URL(new URL(request.url).pathname, server.url), {
            method: request.method,
            headers: request.headers,
            body: request.body,
            duplex: 'half',
          } as RequestInit),
        );
        const ann = await api.register('Ann');
        const res = await api.call('GET', '/v1/push/key', { token: ann.token });
        expect(res.status).toBe(200);
        return res.body.publicKey as string;
      } finally {
        await server.close();
      }
    };
    try {
      const first = await keyOf();
      expect(Buffer.from(first, 'base64url')).toHaveLength(65);
      expect(await keyOf()).toBe(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
