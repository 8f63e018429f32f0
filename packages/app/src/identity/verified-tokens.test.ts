import { describe, expect, it } from 'vitest';
import { credentialOf, tokenFor } from './tokens';
import { VerifiedTokens } from './verified-tokens';

const secret = 'test-secret-0123456789-abcdefghijklmnop';
const ids = ['p_AAAAAAAAAAAAAAAAAAAAAA', 'p_BBBBBBBBBBBBBBBBBBBBBB', 'p_CCCCCCCCCCCCCCCCCCCCCC'];

/** VerifiedTokens over the real check, counting how often it runs. */
function counted(maxEntries?: number) {
  const calls = { n: 0 };
  const tokens = new VerifiedTokens(maxEntries, (s, t) => {
    calls.n++;
    return credentialOf(s, t);
  });
  const playerOf = (secret: string, token: string) => tokens.credentialOf(secret, token)?.playerId ?? null;
  return { tokens: { playerOf }, calls };
}

describe('verified tokens', () => {
  it('checks a token’s signature once, then names its player from memory', () => {
    const { tokens, calls } = counted();
    const token = tokenFor(secret, ids[0]!);
    expect([1, 2, 3].map(() => tokens.playerOf(secret, token))).toEqual([ids[0], ids[0], ids[0]]);
    expect(calls.n).toBe(1);
  });

  it('never remembers a token that failed: a forged one is checked, and refused, every time', () => {
    const { tokens, calls } = counted();
    const token = tokenFor(secret, ids[0]!);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherSecret = tokenFor(`${secret}-other`, ids[1]!);
    for (const bad of [forged, otherSecret, forged]) expect(tokens.playerOf(secret, bad)).toBeNull();
    expect(calls.n).toBe(3);
    expect(tokens.playerOf(secret, token)).toBe(ids[0]);
  });

  it('keeps at most maxEntries tokens, dropping the least recently used', () => {
    const { tokens, calls } = counted(2);
    const [a, b, c] = ids.map((id) => tokenFor(secret, id)) as [string, string, string];
    tokens.playerOf(secret, a);
    tokens.playerOf(secret, b);
    tokens.playerOf(secret, a); // a is now the most recently used
    tokens.playerOf(secret, c); // b drops out
    expect(calls.n).toBe(3);
    expect(tokens.playerOf(secret, a)).toBe(ids[0]);
    expect(calls.n).toBe(3);
    expect(tokens.playerOf(secret, b)).toBe(ids[1]);
    expect(calls.n).toBe(4);
  });
});
