import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign } from 'node:crypto';
import type { PushPayload } from './payload';
import { pushPolicy } from './policy';
import type { StoredSubscription } from './subscription-decider';
import type { VapidKeyPair } from './vapid';

/** One push as it goes out: where, its headers (VAPID `Authorization`, `TTL`, `Urgency`, `Topic`), its encrypted body. */
export interface PushRequest {
  readonly endpoint: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}

/** When a push stops being news (ms since the epoch): its TTL from when what it tells happened. */
export function expiryOf(payload: PushPayload): number {
  const at = Date.parse(payload.at);
  return at + pushPolicy(payload.type, payload.gameId, payload.deadline, at).ttl * 1000;
}

/** How long a VAPID JWT holds (RFC 8292 allows 24 h at most). */
const JWT_HOURS = 12;
/** The record size of the one record a push is (RFC 8188): larger than any payload of ours. */
const RECORD_SIZE = 4096;

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * `plaintext` encrypted for a browser's keys as RFC 8291 says (aes128gcm, RFC 8188): a fresh P-256
 * key pair and salt each time, the one record padded with the last-record delimiter alone.
 */
export function encryptForBrowser(keys: { readonly p256dh: string; readonly auth: string }, plaintext: Buffer): Buffer {
  const browser = Buffer.from(keys.p256dh, 'base64url');
  const server = createECDH('prime256v1');
  const serverPublic = server.generateKeys();
  const shared = server.computeSecret(browser);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser, serverPublic]);
  const ikm = hkdf(shared, Buffer.from(keys.auth, 'base64url'), info, 32);
  const salt = randomBytes(16);
  const cek = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(serverPublic.length, 20);
  return Buffer.concat([header, serverPublic, sealed, cipher.getAuthTag()]);
}

/** The `Authorization` of a push to `endpoint` (RFC 8292): an ES256 JWT for its origin, and the public key. */
export function vapidAuthorization(endpoint: string, pair: VapidKeyPair, subject: string, now: number): string {
  const point = Buffer.from(pair.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: pair.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + JWT_HOURS * 3600, sub: subject };
  const signed = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${signed}.${signature}, k=${pair.publicKey}`;
}

/**
 * The signed, encrypted request of one push at `now`, sent by our own SSRF-safe sender: the VAPID JWT
 * for the endpoint's origin, the payload encrypted for the subscription's keys, and the push
 * service's headers. Its TTL is what is left of the push's life (at least a second).
 * (Made with node:crypto: `web-push` would bring CommonJS `require`s of Node's modules into the ESM
 * Lambda bundle, which cannot run them; the loopback push service of the tests decrypts with http_ece.)
 */
export function pushRequest(
  subscription: Pick<StoredSubscription, 'endpoint' | 'keys'>,
  payload: PushPayload,
  vapid: { readonly keys: VapidKeyPair; readonly subject: string },
  now: number,
): PushRequest {
  const policy = pushPolicy(payload.type, payload.gameId, payload.deadline, Date.parse(payload.at));
  const ttl = Math.max(1, Math.floor((expiryOf(payload) - now) / 1000));
  return {
    endpoint: subscription.endpoint,
    headers: {
      Authorization: vapidAuthorization(subscription.endpoint, vapid.keys, vapid.subject, now),
      TTL: String(ttl),
      Urgency: policy.urgency,
      Topic: policy.topic,
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
    },
    body: new Uint8Array(encryptForBrowser(subscription.keys, Buffer.from(JSON.stringify(payload)))),
  };
}
