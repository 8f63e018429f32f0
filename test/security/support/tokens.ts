import { createHmac } from 'node:crypto';

// The token format is public (README, openapi.yaml's example): "cf2.<player id>.<session id>.<HMAC-SHA256
// in base64url>" (and the legacy "cf1.<player id>.<HMAC>"). The suites sign their own tokens to forge
// them, never to get in.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A token for `playerId` signed with `secret`: with another secret it is a forgery; with the
 * server's, a player that was never registered.
 */
export function signToken(secret: string, playerId: string, session = 'AAAAAAAAAAA'): string {
  const signed = `cf2.${playerId}.${session}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
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
  const parts = token.split('.');
  const signature = parts.at(-1) ?? '';
  const signed = parts.slice(0, -1);
  for (let i = 0; i < signature.length; i++) {
    for (const ch of ALPHABET)
      if (ch !== signature[i]) out.add(`${signed.join('.')}.${signature.slice(0, i)}${ch}${signature.slice(i + 1)}`);
  }
  // The player id and the session id, one character changed: the signature no longer fits them.
  for (const part of [1, 2].filter((n) => n < signed.length)) {
    const text = signed[part] ?? '';
    for (let i = part === 1 ? 2 : 0; i < text.length; i++) {
      const ch = text[i] === 'A' ? 'B' : 'A';
      const changed = signed.map((p, n) => (n === part ? `${text.slice(0, i)}${ch}${text.slice(i + 1)}` : p));
      out.add(`${changed.join('.')}.${signature}`);
    }
  }
  // The session left out, and the legacy scheme's name on a session token (and back).
  if (signed.length === 3) out.add(`cf1.${signed[1]}.${signature}`);
  for (const stray of ['!', '=', '*', '.', '~', ' ', '+', '/'])
    out.add(`${token.slice(0, -3)}${stray}${token.slice(-3)}`);
  out.add(`${token}=`);
  out.add(token.slice(0, -1));
  out.add(`${token}A`);
  out.add(token.replace(/^cf(\d)/, 'CF$1'));
  out.add(token.replace(/^cf1/, 'cf2'));
  out.add(token.replace(/^cf2/, 'cf1'));
  out.add(token.replace(/^cf2/, 'cf3'));
  out.delete(token);
  return [...out];
}
