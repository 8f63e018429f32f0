import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mac } from '../auth/tokens';

/** A new random game id: "g_" and 128 random bits. */
export function newGameId(): string {
  return `g_${randomBytes(16).toString('base64url')}`;
}

/** The game id a creator's idempotency key leads to, so a retried creation lands on the same game. */
export function derivedGameId(secret: string, playerId: string, idempotencyKey: string): string {
  return `g_${mac(secret, `game-key:${playerId}:${idempotencyKey}`).subarray(0, 16).toString('base64url')}`;
}

// Crockford's base32 without I, L, O, U: easy to read out and type.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A game's invite code: ten characters derived from the game id with the server's secret, so it
 * needs no storage and cannot be guessed from the id.
 */
export function inviteCode(secret: string, gameId: string): string {
  const bytes = mac(secret, `invite:${gameId}`);
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[(bytes[i] ?? 0) % 32];
  return code;
}

/** True when `given` is the game's invite code (case-insensitive, compared in constant time). */
export function isInviteCode(secret: string, gameId: string, given: string): boolean {
  const expected = Buffer.from(inviteCode(secret, gameId));
  const actual = Buffer.from(given.trim().toUpperCase());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
