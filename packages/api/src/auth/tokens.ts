import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A token is "cf1.<playerId>.<mac>", mac = HMAC-SHA256(secret, "cf1.<playerId>") in base64url. It is
// checked with the secret alone, so authenticating a move costs no database read, and the server
// stores no token at all. The "cf1" prefix names the scheme so it can change without ambiguity.
const SCHEME = 'cf1';
const ID = /^p_[A-Za-z0-9_-]{22}$/;

/** A new random player id: "p_" and 128 random bits. */
export function newPlayerId(): string {
  return `p_${randomBytes(16).toString('base64url')}`;
}

/**
 * The bearer token of a player.
 * @example tokenFor(secret, 'p_AAAAAAAAAAAAAAAAAAAAAA') // "cf1.p_AAAA….<43 characters>"
 */
export function tokenFor(secret: string, playerId: string): string {
  return `${SCHEME}.${playerId}.${mac(secret, `${SCHEME}.${playerId}`).toString('base64url')}`;
}

/** The player a token was issued to, or null for anything that is not a token we signed. */
export function playerOf(secret: string, token: string): string | null {
  const [scheme, playerId, signature, ...rest] = token.split('.');
  if (scheme !== SCHEME || !playerId || !signature || rest.length > 0 || !ID.test(playerId)) return null;
  // Compare the text, not the decoded bytes: base64url decoding skips stray characters and ignores
  // the last character's spare bits, so several spellings would decode to one valid signature.
  // In constant time, so the signature cannot be guessed character by character from timings.
  const expected = Buffer.from(mac(secret, `${SCHEME}.${playerId}`).toString('base64url'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? playerId : null;
}

/** True for text shaped like a player id. */
export function isPlayerId(text: string): boolean {
  return ID.test(text);
}

/** An HMAC-SHA256 of `message` under `secret`. */
export function mac(secret: string, message: string): Buffer {
  return createHmac('sha256', secret).update(message).digest();
}
