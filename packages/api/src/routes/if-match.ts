import { ApiProblem } from '../problems';

/**
 * The version in an If-Match header: `"12"` (the ETag), also `W/"12"` or a bare `12`.
 * @example parseIfMatch('"12"') // 12
 */
export function parseIfMatch(header: string): number {
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match?.[1]) {
    throw new ApiProblem(
      'request/invalid',
      `If-Match must be the game's version as its ETag gives it, like "12"; got ${JSON.stringify(header.slice(0, 40))}.`,
    );
  }
  return Number(match[1]);
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
