import { timingSafeEqual } from 'node:crypto';
import { mac, tokenFor, type Credential } from './tokens';
import { VerifiedTokens } from './verified-tokens';

// Crockford's base32 without I, L, O, U: easy to read out and type.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Everything derived from the server's signing secret, in one place: tokens, the ids that retried
 * registrations and creations land on, and invite codes. The secret itself never leaves this object.
 * @example const signer = new Signer(secret); signer.inviteCode('g_…') // "K7M2QX9DPA"
 */
export class Signer {
  readonly #secret: string;
  readonly #verified = new VerifiedTokens();

  constructor(secret: string) {
    this.#secret = secret;
  }

  /** The bearer token of a player's session. */
  tokenFor(playerId: string, sessionId: string): string {
    return tokenFor(this.#secret, playerId, sessionId);
  }

  /** Who a token was issued to (player and session), or null for anything that is not a token signed here. */
  credentialOf(token: string): Credential | null {
    return this.#verified.credentialOf(this.#secret, token);
  }

  /** A watch link's token: `cw1.<gameId>.<linkId>.<mac>`, the game and link signed (see games/watch-links.ts). */
  watchToken(gameId: string, linkId: string): string {
    const signed = `cw1.${gameId}.${linkId}`;
    return `${signed}.${mac(this.#secret, signed).toString('base64url')}`;
  }

  /** The game and link a watch token names, or null for anything that is not a watch token signed here. */
  watchLinkOf(token: string): { gameId: string; linkId: string } | null {
    const [scheme, gameId, linkId, signature, ...rest] = token.split('.');
    if (scheme !== 'cw1' || !gameId || !linkId || !signature || rest.length > 0) return null;
    if (!/^g_[\w-]{22}$/.test(gameId) || !/^[\w-]{11}$/.test(linkId)) return null;
    // The text compared, in constant time, as for player tokens (auth/tokens.ts says why).
    const expected = Buffer.from(this.watchToken(gameId, linkId).split('.')[3] ?? '');
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { gameId, linkId } : null;
  }

  /** The watch link a player's key leads to, so a retried creation returns the same link. */
  watchLinkIdFor(gameId: string, playerId: string, idempotencyKey: string): string {
    return mac(this.#secret, `watch-key:${gameId}:${playerId}:${idempotencyKey}`).subarray(0, 8).toString('base64url');
  }

  /** The player id a client's registration key leads to, so a retried registration lands on the same id. */
  playerIdFor(idempotencyKey: string): string {
    return `p_${mac(this.#secret, `player-key:${idempotencyKey}`).subarray(0, 16).toString('base64url')}`;
  }

  /** The session a player's key for a new token leads to, so a retried issue returns the same token. */
  sessionIdFor(playerId: string, idempotencyKey: string): string {
    return mac(this.#secret, `session-key:${playerId}:${idempotencyKey}`).subarray(0, 8).toString('base64url');
  }

  /** The webhook endpoint a player's key for a new one leads to, so a retried creation returns the same one. */
  webhookEndpointIdFor(playerId: string, idempotencyKey: string): string {
    return `we_${mac(this.#secret, `webhook-key:${playerId}:${idempotencyKey}`).subarray(0, 16).toString('base64url')}`;
  }

  /**
   * A webhook endpoint's signing secret for the key that made (or rotated) it: `whsec_` and 24 bytes
   * in base64 (Standard Webhooks' form), derived so a retry answers with the same secret.
   */
  webhookSecretFor(endpointId: string, idempotencyKey: string): string {
    return `whsec_${mac(this.#secret, `webhook-secret:${endpointId}:${idempotencyKey}`).subarray(0, 24).toString('base64')}`;
  }

  /** The id of a game's rematch: one per game, so proposals made at once land on the same game. */
  rematchIdFor(gameId: string): string {
    return `g_${mac(this.#secret, `rematch:${gameId}`).subarray(0, 16).toString('base64url')}`;
  }

  /** The game id a creator's key leads to, so a retried creation lands on the same game. */
  gameIdFor(playerId: string, idempotencyKey: string): string {
    return `g_${mac(this.#secret, `game-key:${playerId}:${idempotencyKey}`).subarray(0, 16).toString('base64url')}`;
  }

  /**
   * A game's invite code: ten characters derived from the game id, so it needs no storage and cannot
   * be guessed from the id.
   */
  inviteCode(gameId: string): string {
    const bytes = mac(this.#secret, `invite:${gameId}`);
    let code = '';
    for (let i = 0; i < 10; i++) code += ALPHABET[(bytes[i] ?? 0) % 32];
    return code;
  }

  /** True when `given` is the game's invite code (case-insensitive, compared in constant time). */
  isInviteCode(gameId: string, given: string): boolean {
    const expected = Buffer.from(this.inviteCode(gameId));
    const actual = Buffer.from(given.trim().toUpperCase());
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
