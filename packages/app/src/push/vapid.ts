import { createECDH, hkdfSync } from 'node:crypto';
import { lazySecret, MIN_SECRET_LENGTH, type SecretSource } from '../identity/secret';

/** One VAPID key pair (RFC 8292), P-256, each half base64url as browsers take them. */
export interface VapidKeyPair {
  /** The uncompressed public point (65 bytes): the page's `applicationServerKey`. */
  readonly publicKey: string;
  /** The private scalar (32 bytes). */
  readonly privateKey: string;
}

/** The server's VAPID identity: the current key pair, those rotated out (still signing for the subscriptions made with them), and the contact. */
export interface VapidKeys {
  readonly current: VapidKeyPair;
  readonly previous: readonly VapidKeyPair[];
  /** `mailto:` or `https:`: who push services may contact about this server's pushes. */
  readonly subject: string;
}

/** How Web Push is configured: the VAPID secret (or how to fetch it once) and the contact. */
export interface PushConfig {
  /**
   * The VAPID secret: random text (at least 32 characters) from which the key pair is derived, so it can
   * be made by anything that makes a random password (Secrets Manager at deploy, `npm start` on its
   * first run). During a rotation it holds the new secret, a space, and the old one (see the README).
   */
  readonly secret: SecretSource;
  /** Default `mailto:chickenfoot@example.com`. */
  readonly subject?: string;
}

/** The contact a push service is given when none is configured. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:chickenfoot@example.com';

/**
 * The P-256 key pair derived from `secret`: HKDF-SHA256 to 32 bytes, the first that is a valid private
 * key (all but about one in 2^32 are). The same secret always gives the same keys, on every server.
 * @example vapidKeyPair('…48 random characters…').publicKey // 'BN3…' (87 characters)
 */
export function vapidKeyPair(secret: string): VapidKeyPair {
  for (let i = 0; ; i++) {
    const scalar = Buffer.from(hkdfSync('sha256', secret, 'chickenfoot vapid', `P-256 private key ${i}`, 32));
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(scalar);
      return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: scalar.toString('base64url') };
    } catch {
      // Zero or not below the curve's order: the next one.
    }
  }
}

/** The VAPID keys a secret (the current one, then any rotated out, space-separated) makes. */
export function vapidKeysOf(secret: string, subject: string = DEFAULT_VAPID_SUBJECT): VapidKeys {
  const parts = secret.trim().split(/\s+/);
  if (parts.some((p) => p.length < MIN_SECRET_LENGTH))
    throw new Error(`each VAPID secret must be at least ${MIN_SECRET_LENGTH} characters`);
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error(`a VAPID subject is mailto: or https:, got ${subject}`);
  const [current, ...previous] = parts.map(vapidKeyPair);
  return { current: current as VapidKeyPair, previous, subject };
}

/** The VAPID keys of a configuration, derived once on first use; a failed fetch of the secret is tried again. */
export function lazyVapid(config: PushConfig): () => Promise<VapidKeys> {
  const secret = lazySecret(config.secret);
  let keys: Promise<VapidKeys> | undefined;
  return () =>
    (keys ??= secret().then(
      (s) => vapidKeysOf(s, config.subject),
      (error: unknown) => {
        keys = undefined;
        throw error;
      },
    ));
}

/** The key pair a subscription made with `publicKey` is signed with, or null once that key is retired. */
export function keyPairFor(keys: VapidKeys, publicKey: string): VapidKeyPair | null {
  return [keys.current, ...keys.previous].find((k) => k.publicKey === publicKey) ?? null;
}
