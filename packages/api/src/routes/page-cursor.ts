import { ApiProblem } from '../problems';

/** The logs paged by a number: a game's commits (by version), its messages (by `seq`). */
type Log = 'events' | 'messages';

/**
 * The opaque `nextCursor` of a log's page that ends after `after` (null: none, the page was the
 * last). It stands for `after` today; clients send it back as it came and never read it.
 * @example nextCursorOf('events', page.next) // 'ZXZlbnRzLjEy' for version 12
 */
export const nextCursorOf = (log: Log, after: number | null): string | null =>
  after === null ? null : Buffer.from(`${log}.${after}`).toString('base64url');

/**
 * Where a log's page starts: after the number the `cursor` stands for, or (without one) `after`
 * itself. A cursor that is not one of this log's is refused (400, `query.cursor`).
 * @example const after = afterOf('events', query.cursor, query.after) ?? 0;
 */
export function afterOf(log: Log, cursor: string | undefined, after: number | undefined): number | undefined {
  if (cursor === undefined) return after;
  const match = /^([a-z]+)\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (match?.[1] !== log || !match[2]) {
    const message = 'not a cursor from a previous page of this list';
    throw new ApiProblem('request/invalid', `query.cursor: ${message}`, {
      issues: [{ path: 'query.cursor', message }],
    });
  }
  return Number(match[2]);
}
