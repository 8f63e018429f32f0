import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A token is "cf2.<playerId>.<sessionId>.<mac>", mac = HMAC-SHA256(secret, "cf2.<playerId>.<sessionId>")
// in base64url. Its signature is checked with the secret alone; whether its session is still open is
// checked against the player's record, cached (see auth/sessions.ts), so that a token can be revoked
// without a database read on every request. Tokens issued before sessions existed are
// "cf1.<playerId>.<mac>": they name no session and stand for the account's "legacy" one, which stays
// open until it is revoked (or every token is). The scheme prefix names the format, so it can change
// without ambiguity.
const ID = /^p_[A-Za-z0-9_-]{22}$/;
const SESSION = /^[A-Za-z0-9_-]{11}$/;

/** Who a token names: the player, and the session it was issued for (null: a legacy cf1 token). */
export interface Credential {
  readonly playerId: string;
  readonly sessionId: string | null;
}

/** A new random player id: "p_" and 128 random bits. */
export function newPlayerId(): string {
  return `p_${randomBytes(16).toString('base64url')}`;
}

/** A new random session id: 64 random bits, 11 base64url characters. */
export function newSessionId(): string {
  return randomBytes(8).toString('base64url');
}

/**
 * The bearer token of a player's session; without a session, the legacy (cf1) token of the player.
 * @example tokenFor(secret, 'p_AAAAAAAAAAAAAAAAAAAAAA', 'Xk3vT0d8Qq2') // "cf2.p_AAAA….Xk3vT0d8Qq2.<43 characters>"
 */
export function tokenFor(secret: string, playerId: string, sessionId?: string): string {
  const signed = sessionId === undefined ? `cf1.${playerId}` : `cf2.${playerId}.${sessionId}`;
  return `${signed}.${mac(secret, signed).toString('base64url')}`;
}

/** The player and session a token was issued for, or null for anything that is not a token we signed. */
export function credentialOf(secret: string, token: string): Credential | null {
  const parts = token.split('.');
  const [scheme, playerId] = parts;
  if (!playerId || !ID.test(playerId)) return null;
  if (scheme === 'cf2' && parts.length === 4 && SESSION.test(parts[2] ?? '')) {
    return signedAs(secret, parts.slice(0, 3).join('.'), parts[3] ?? '')
      ? { playerId, sessionId: parts[2] ?? '' }
      : null;
  }
  if (scheme === 'cf1' && parts.length === 3) {
    return signedAs(secret, `cf1.${playerId}`, parts[2] ?? '') ? { playerId, sessionId: null } : null;
  }
  return null;
}

// Compare the text, not the decoded bytes: base64url decoding skips stray characters and ignores the
// last character's spare bits, so several spellings would decode to one valid signature. In constant
// time, so the signature cannot be guessed character by character from timings.
function signedAs(secret: string, signed: string, signature: string): boolean {
  const expected = Buffer.from(mac(secret, signed).toString('base64url'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** True for text shaped like a player id. */
export function isPlayerId(text: string): boolean {
  return ID.test(text);
}

/** An HMAC-SHA256 of `message` under `secret`. */
export function mac(secret: string, message: string): Buffer {
  return createHmac('sha256', secret).update(message).digest();
}
