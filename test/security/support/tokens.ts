import { createHmac } from 'node:crypto';

// The token format is public (README, openapi.yaml's example): "cf1.<player id>.<HMAC-SHA256 in
// base64url>". The suites sign their own tokens to forge them, never to get in.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A token for `playerId` signed with `secret`: with another secret it is a forgery; with the
 * server's, a player that was never registered.
 */
export function signToken(secret: string, playerId: string): string {
  return `cf1.${playerId}.${createHmac('sha256', secret).update(`cf1.${playerId}`).digest('base64url')}`;
}

/** A syntactically valid player id that nobody registered. */
export const ghostId = (n: number): string => `p_${String(n).padStart(22, 'Z')}`;

/**
 * Every token one character away from `token`: each position of the signature (and the player id)
 * changed to every other character of the base64url alphabet, plus a stray character inserted and
 * the token cut short. None of them is the token.
 */
export function alterations(token: string): string[] {
  const out = new Set<string>();
  const [scheme = '', id = '', signature = ''] = token.split('.');
  for (let i = 0; i < signature.length; i++) {
    for (const ch of ALPHABET)
      if (ch !== signature[i]) out.add(`${scheme}.${id}.${signature.slice(0, i)}${ch}${signature.slice(i + 1)}`);
  }
  for (let i = 2; i < id.length; i++) {
    const ch = id[i] === 'A' ? 'B' : 'A';
    out.add(`${scheme}.${id.slice(0, i)}${ch}${id.slice(i + 1)}.${signature}`);
  }
  for (const stray of ['!', '=', '*', '.', '~', ' ', '+', '/'])
    out.add(`${token.slice(0, -3)}${stray}${token.slice(-3)}`);
  out.add(`${token}=`);
  out.add(token.slice(0, -1));
  out.add(`${token}A`);
  out.add(token.replace(/^cf1/, 'CF1'));
  out.add(token.replace(/^cf1/, 'cf2'));
  out.delete(token);
  return [...out];
}
