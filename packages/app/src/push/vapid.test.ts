import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyPairFor, vapidKeyPair, vapidKeysOf } from './vapid';

const OLD = 'the-old-vapid-secret-0123456789-abcdefghij';
const NEW = 'the-new-vapid-secret-0123456789-abcdefghij';

describe('VAPID keys from a secret', () => {
  it('derives the same valid P-256 pair from the same secret, another from another', () => {
    const pair = vapidKeyPair(OLD);
    expect(vapidKeyPair(OLD)).toEqual(pair);
    expect(vapidKeyPair(NEW).publicKey).not.toBe(pair.publicKey);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(pair.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(pair.publicKey);
    expect(Buffer.from(pair.publicKey, 'base64url')).toHaveLength(65);
  });

  it('during a rotation signs with the new key, and still with the old for the subscriptions made with it', () => {
    const keys = vapidKeysOf(`${NEW} ${OLD}`);
    expect(keys.current).toEqual(vapidKeyPair(NEW));
    expect(keyPairFor(keys, vapidKeyPair(OLD).publicKey)).toEqual(vapidKeyPair(OLD));
    expect(keyPairFor(vapidKeysOf(NEW), vapidKeyPair(OLD).publicKey)).toBeNull();
  });

  it('refuses a short secret and a subject push services would refuse', () => {
    expect(() => vapidKeysOf('short')).toThrow(/at least 32/);
    expect(() => vapidKeysOf(NEW, 'http://example.com')).toThrow(/mailto: or https:/);
  });
});
