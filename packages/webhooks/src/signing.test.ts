import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { generateSecret, sign, webhookHeaders } from './signing';

// The test vector published with the Standard Webhooks specification.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('sign', () => {
  it("reproduces the specification's published test vector", () => {
    expect(sign(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('changes with every signed part: id, timestamp, body and key', () => {
    const others = [
      sign(VECTOR.secret, 'msg_other', VECTOR.timestamp, VECTOR.body),
      sign(VECTOR.secret, VECTOR.id, VECTOR.timestamp + 1, VECTOR.body),
      sign(VECTOR.secret, VECTOR.id, VECTOR.timestamp, '{"test": 2432232315}'),
      sign(generateSecret(), VECTOR.id, VECTOR.timestamp, VECTOR.body),
    ];
    for (const other of others) expect(other).not.toBe(VECTOR.signature);
  });

  it('agrees with the reference library for any id, time, body and secret', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 24, maxLength: 64 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        (key, id, timestamp, body) => {
          const secret = `whsec_${Buffer.from(key).toString('base64')}`;
          const reference = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
          expect(sign(secret, id, timestamp, body)).toBe(reference);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a secret that is not base64', () => {
    expect(() => sign('whsec_not base64!', 'id', 1, '{}')).toThrow(RangeError);
    expect(() => sign('whsec_', 'id', 1, '{}')).toThrow(RangeError);
  });
});

describe('generateSecret', () => {
  it('is whsec_ and the base64 of 24 bytes from the random source', () => {
    const secret = generateSecret((n) => Uint8Array.from({ length: n }, (_, i) => i));
    expect(secret).toBe(`whsec_${Buffer.from(Uint8Array.from({ length: 24 }, (_, i) => i)).toString('base64')}`);
    expect(secret).toBe('whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYX');
  });

  it('draws fresh bytes each time by default, in a form the reference library accepts', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(a).not.toBe(b);
    const when = new Date(1_700_000_000_000);
    expect(sign(a, 'msg_1', 1_700_000_000, '{}')).toBe(new Webhook(a).sign('msg_1', when, '{}'));
  });

  it('refuses a random source that gives the wrong number of bytes', () => {
    expect(() => generateSecret(() => new Uint8Array(8))).toThrow(RangeError);
  });
});

describe('webhookHeaders', () => {
  it('signs once per secret, space-separated, with the Standard Webhooks headers', () => {
    const old = VECTOR.secret;
    const fresh = generateSecret();
    const headers = webhookHeaders({ ...VECTOR, secrets: [old, fresh] });
    expect(headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': VECTOR.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': `${VECTOR.signature} ${sign(fresh, VECTOR.id, VECTOR.timestamp, VECTOR.body)}`,
      'user-agent': 'Chickenfoot-Webhooks/1',
    });
  });

  it('needs a secret and whole seconds', () => {
    expect(() => webhookHeaders({ ...VECTOR, secrets: [] })).toThrow(RangeError);
    expect(() => webhookHeaders({ ...VECTOR, timestamp: 1.5, secrets: [VECTOR.secret] })).toThrow(RangeError);
  });
});
