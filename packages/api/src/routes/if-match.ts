import { ApiProblem } from '../problems';

/** A version no game or account ever has: what a weak tag is compared as. */
export const NEVER_MATCHES = -1;

/**
 * The version in an If-Match header, read as RFC 9110 says: one entity tag, quoted (`"12"`, the ETag),
 * compared strongly. A weak tag (`W/"12"`) is well formed but never matches a strong comparison, so
 * it is `NEVER_MATCHES`: the command is then answered `412` with the current version, as a stale one
 * is. `*` (any version: no check at all), a list, or anything else is refused as not valid (400).
 * @example parseIfMatch('"12"') // 12
 * @example parseIfMatch('W/"12"') // -1: 412 follows
 */
export function parseIfMatch(header: string): number {
  const match = /^[ \t]*(W\/)?"(\d{1,15})"[ \t]*$/.exec(header);
  if (!match?.[2]) {
    throw new ApiProblem(
      'request/invalid',
      `If-Match must be one version, quoted as its ETag gives it, like "12" (not *, a list, or a bare number); got ${JSON.stringify(header.slice(0, 40))}.`,
    );
  }
  return match[1] ? NEVER_MATCHES : Number(match[2]);
}

/**
 * The change a player's request asks for: at the version of its If-Match, under its Idempotency-Key.
 * @example deps.games.act(playerId, id, command, playerRequest(c.req.valid('header')))
 */
export function playerRequest(headers: ChangeHeaders) {
  return { expectedVersion: parseIfMatch(headers['if-match']), key: headers['idempotency-key'] };
}

/** The headers of a change: the version it was decided on, and its key. */
export interface ChangeHeaders {
  readonly 'if-match': string;
  readonly 'idempotency-key': string;
}
