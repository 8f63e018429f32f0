import { createHash } from 'node:crypto';

/**
 * A fingerprint of a request: the operation, who sent it and what it said. Stored with the commit,
 * it tells a retry (same key, same fingerprint) from a key reused for something else.
 * @example commandHash('move', 'p_…', 'g_…', { type: 'pass' })
 */
export function commandHash(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
