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
