import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { Webhook } from 'standardwebhooks';
import { sendWebhook, type SendOptions } from './send';
import { generateSecret, webhookHeaders } from './signing';
import { startReceiver, tableLookup, type Receiver } from './receiver.testing';
import { installFirewall, type Firewall } from './firewall.testing';

// A real TLS receiver on loopback with a certificate made for this run: for the name receiver.hooks.test
// and the address 127.0.0.1. The sender trusts it through `tls.ca` only.
const NAME = 'receiver.hooks.test';
const BODY = '{"type":"game.started"}';
let cert: string;
let receiver: Receiver;
let sockets: Firewall;

async function certificate(options: { withAddress?: boolean; expiredAt?: Date } = {}) {
  const { withAddress = true, expiredAt } = options;
  const validity = expiredAt
    ? { notBeforeDate: new Date(expiredAt.getTime() - 86_400_000), notAfterDate: expiredAt }
    : {};
  return generate([{ name: 'commonName', value: NAME }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ...validity,
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [{ type: 2, value: NAME }, ...(withAddress ? [{ type: 7 as const, ip: '127.0.0.1' }] : [])],
      },
    ],
  });
}

/** Runs `body` against a second TLS receiver with its own certificate. */
async function withReceiver(pems: { private: string; cert: string }, body: (r: Receiver) => Promise<void>) {
  const other = await startReceiver(undefined, { tls: { key: pems.private, cert: pems.cert } });
  try {
    await body(other);
  } finally {
    await other.close();
  }
}

beforeAll(async () => {
  const pems = await certificate();
  cert = pems.cert;
  receiver = await startReceiver(undefined, { tls: { key: pems.private, cert: pems.cert } });
  sockets = installFirewall();
});
afterAll(async () => {
  sockets.uninstall();
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.splice(0);
  receiver.connections = 0;
  sockets.reset();
});

// https to loopback passes the address check only under the dev policy; the TLS rules are the same in both.
const options = (lookup: SendOptions['lookup'], ca: string | null = cert): SendOptions => ({
  policy: { allowLoopbackHttp: true },
  lookup,
  tls: ca === null ? {} : { ca },
});

describe('sendWebhook over https to a real TLS receiver', () => {
  it('delivers to the pinned address, sending the name for SNI, Host and the certificate check', async () => {
    const secret = generateSecret();
    const headers = webhookHeaders({
      id: 'msg_tls',
      timestamp: Math.floor(Date.now() / 1000),
      body: BODY,
      secrets: [secret],
    });
    const dns = tableLookup({ [NAME]: ['127.0.0.1'] });
    const outcome = await sendWebhook(`https://${NAME}:${receiver.port}/in`, headers, BODY, options(dns.lookup));
    expect(outcome).toMatchObject({ kind: 'delivered', status: 204 });
    expect(receiver.requests).toHaveLength(1);
    const got = receiver.requests[0]!;
    expect(got.servername).toBe(NAME);
    expect(got.headers.host).toBe(`${NAME}:${receiver.port}`);
    expect(new Webhook(secret).verify(got.body, headers)).toEqual(JSON.parse(BODY));
  });

  it('connects where the check looked, however DNS answers afterwards (rebinding)', async () => {
    let answers = 0;
    const dns = tableLookup({ [NAME]: () => (answers++ === 0 ? ['127.0.0.1'] : ['10.0.0.9']) });
    const outcome = await sendWebhook(`https://${NAME}:${receiver.port}/`, {}, BODY, options(dns.lookup));
    expect(outcome.kind).toBe('delivered');
    // Asked once; the system resolver (which knows no such name) was never asked either.
    expect(dns.calls).toEqual([NAME]);
    expect(sockets.outbound).toEqual([]);
  });

  it('checks the certificate against the host name: a name it was not made for fails as tls', async () => {
    const dns = tableLookup({ 'other.hooks.test': ['127.0.0.1'] });
    const outcome = await sendWebhook(`https://other.hooks.test:${receiver.port}/`, {}, BODY, options(dns.lookup));
    expect(outcome).toMatchObject({ kind: 'failed', reason: 'tls', status: null });
    expect(outcome.kind === 'failed' && outcome.detail).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(receiver.connections).toBe(1);
    expect(receiver.requests).toHaveLength(0);
  });

  it('refuses a certificate nobody vouches for (no tls.ca): tls, nothing sent', async () => {
    const dns = tableLookup({ [NAME]: ['127.0.0.1'] });
    const outcome = await sendWebhook(`https://${NAME}:${receiver.port}/`, {}, BODY, options(dns.lookup, null));
    expect(outcome).toMatchObject({ kind: 'failed', reason: 'tls' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('checks a literal address against the certificate too', async () => {
    const outcome = await sendWebhook(`https://127.0.0.1:${receiver.port}/`, {}, BODY, options(undefined));
    expect(outcome.kind).toBe('delivered');
    const pems = await certificate({ withAddress: false });
    await withReceiver(pems, async (other) => {
      const wrong = await sendWebhook(`https://127.0.0.1:${other.port}/`, {}, BODY, options(undefined, pems.cert));
      expect(wrong).toMatchObject({ kind: 'failed', reason: 'tls' });
      expect(wrong.kind === 'failed' && wrong.detail).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
      expect(other.requests).toHaveLength(0);
    });
  });

  it('refuses an expired certificate', async () => {
    const pems = await certificate({ expiredAt: new Date(Date.now() - 86_400_000) });
    await withReceiver(pems, async (expired) => {
      const dns = tableLookup({ [NAME]: ['127.0.0.1'] });
      const outcome = await sendWebhook(`https://${NAME}:${expired.port}/`, {}, BODY, options(dns.lookup, pems.cert));
      expect(outcome).toMatchObject({ kind: 'failed', reason: 'tls' });
      expect(outcome.kind === 'failed' && outcome.detail).toContain('CERT_HAS_EXPIRED');
      expect(expired.requests).toHaveLength(0);
    });
  });
});
