import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 24;

/** The user agent every delivery carries, so a receiver can tell (and allow-list) our requests. */
export const USER_AGENT = 'Chickenfoot-Webhooks/1';

/**
 * A new endpoint signing secret: `whsec_` and the base64 of 24 random bytes (192 bits, inside the spec's
 * 24–64 byte range).
 *
 * @example
 * generateSecret(); // 'whsec_x8o6…'
 */
export function generateSecret(random: (n: number) => Uint8Array = randomBytes): string {
  const bytes = random(SECRET_BYTES);
  if (bytes.length !== SECRET_BYTES) {
    throw new RangeError(`generateSecret: the random source gave ${bytes.length} bytes, not ${SECRET_BYTES}`);
  }
  return SECRET_PREFIX + Buffer.from(bytes).toString('base64');
}

/**
 * The Standard Webhooks v1 signature of one message: `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`, keyed with the secret's base64-decoded bytes (after `whsec_`).
 * Throws a RangeError on a secret that is not base64 (a programming error: secrets come from
 * {@link generateSecret}).
 *
 * @example
 * sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
 * // 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='
 */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8');
  return `v1,${mac.digest('base64')}`;
}

/** What {@link webhookHeaders} signs: one message, with the endpoint's current secrets. */
export interface WebhookHeadersInput {
  /** The message id, stable across retries of the same notification (receivers deduplicate on it). */
  readonly id: string;
  /** Seconds since the epoch, of this attempt (receivers reject old ones to stop replays). */
  readonly timestamp: number;
  /** The exact body that will be sent. */
  readonly body: string;
  /** One secret, or two while a rotation overlaps (old and new): one signature each. */
  readonly secrets: readonly string[];
}

/**
 * The headers of one Standard Webhooks v1 delivery: `content-type`, `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` (space-separated `v1,` signatures, one per secret, so a receiver holding either the old
 * or the new secret verifies during a rotation) and `user-agent`.
 */
export function webhookHeaders(input: WebhookHeadersInput): Record<string, string> {
  if (input.secrets.length === 0) throw new RangeError('webhookHeaders: at least one secret is needed');
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp < 0) {
    throw new RangeError(`webhookHeaders: the timestamp must be whole seconds, got ${input.timestamp}`);
  }
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': input.secrets.map((s) => sign(s, input.id, input.timestamp, input.body)).join(' '),
    'user-agent': USER_AGENT,
  };
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  // Buffer.from(…, 'base64') skips bad characters silently; a secret must round-trip to count as base64.
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0 || key.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')) {
    throw new RangeError('sign: the secret is not whsec_ followed by base64');
  }
  return key;
}
