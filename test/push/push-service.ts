/**
 * A push service on loopback for tests, as a browser vendor's would be: it accepts the encrypted POSTs
 * of RFC 8030, checks the VAPID JWT (RFC 8292: ES256 with the key in `k`, `aud` the endpoint's
 * origin, `exp` ahead, a `mailto:`/`https:` subject) and the headers, and decrypts each body with the
 * subscription's private key (RFC 8291, `http_ece`), as the browser would. Subscriptions are made
 * here like a browser makes them: a P-256 key pair and 16 random bytes.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A browser's subscription, with the private half only the browser has. */
export interface TestSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly ecdh: ECDH;
  readonly authSecret: Buffer;
}

/** One push as the service got it, checked and decrypted. */
export interface Delivered {
  /** The subscription's path segment (which device). */
  readonly device: string;
  readonly headers: IncomingHttpHeaders;
  /** The VAPID public key that signed it (`k`). */
  readonly vapidKey: string;
  /** When it arrived (`performance.now()` of this process). */
  readonly at: number;
  /** The decrypted payload, as text and parsed. */
  readonly text: string;
  readonly json: Record<string, unknown>;
}

/** What the service answers the `n`th push with (default 201 Created, as push services do). */
export type PushAnswer = (device: string, n: number) => number;

const b64 = (s: string) => Buffer.from(s, 'base64url');

/** Checks the `Authorization: vapid t=…, k=…` header of a push to `origin`; the key, or throws. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt = '', k = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const point = b64(k);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, b64(signature));
  if (!signed) throw new Error('the VAPID JWT does not verify with its key');
  if ((JSON.parse(b64(head).toString()) as { alg?: string }).alg !== 'ES256') throw new Error('not ES256');
  const claims = JSON.parse(b64(body).toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`);
  return k;
}

/** Starts the service on 127.0.0.1; `answer` says what each push is answered with. */
export async function startPushService(answer: PushAnswer = () => 201) {
  let respond = answer;
  const delivered: Delivered[] = [];
  const refused: string[] = [];
  const devices = new Map<string, TestSubscription>();
  let n = 0;
  let requests = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const device = (req.url ?? '').split('/').at(-1) ?? '';
      requests++;
      const status = respond(device, n++);
      try {
        const subscription = devices.get(device);
        if (!subscription) throw new Error(`no device ${device}`);
        const vapidKey = checkVapid(req.headers.authorization, origin());
        for (const header of ['ttl', 'urgency', 'topic'])
          if (req.headers[header] === undefined) throw new Error(`no ${header} header`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.authSecret,
        }).toString('utf8');
        if (status >= 200 && status < 300)
          delivered.push({ device, headers: req.headers, vapidKey, at, text: plain, json: JSON.parse(plain) });
        res.writeHead(status).end();
      } catch (error) {
        refused.push(String(error));
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    delivered,
    /** Requests received, answered with anything. */
    get requests() {
      return requests;
    },
    /** Pushes the service refused as malformed (a bad JWT, a body that does not decrypt): none, in a passing test. */
    refused,
    /** A new browser subscription on this service, named `device`. */
    subscribe(device: string): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const subscription = {
        endpoint: `${origin()}/push/${device}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      devices.set(device, subscription);
      return subscription;
    },
    /** Changes how it answers from now on. */
    answer(next: PushAnswer) {
      respond = next;
    },
    /** What `device` was told, in order. */
    to(device: string) {
      return delivered.filter((d) => d.device === device).map((d) => d.json);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A running loopback push service. */
export type PushService = Awaited<ReturnType<typeof startPushService>>;
