import { LruMap } from '../lru-map';
import { credentialOf, type Credential } from './tokens';

/**
 * The tokens this process has verified, and the player (and session) each names: a token's signature is checked
 * once, not on every request (an HMAC took ~25 us of a move in the running server). Only tokens that
 * passed are remembered, so a forged one is checked every time; the oldest unused drop out past
 * `maxEntries`. The signing secret is fixed for the life of the process (were it ever rotated
 * without a restart, this memory would have to be dropped with the old secret).
 */
export class VerifiedTokens {
  readonly #players: LruMap<string, Credential>;

  constructor(
    maxEntries = 10_000,
    private readonly verify: (secret: string, token: string) => Credential | null = credentialOf,
  ) {
    this.#players = new LruMap(maxEntries);
  }

  /** Who `token` was issued to, or null for anything that is not a token signed with `secret`. */
  credentialOf(secret: string, token: string): Credential | null {
    const known = this.#players.get(token);
    if (known !== undefined) return known;
    const credential = this.verify(secret, token);
    if (credential !== null) this.#players.set(token, credential);
    return credential;
  }
}
