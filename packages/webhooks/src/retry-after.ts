const DELTA_SECONDS = /^\d{1,10}$/;
// All three HTTP-date forms (IMF-fixdate, RFC 850, asctime) open with the day's name; checking that first
// keeps Date.parse's leniency ("1.5" is a date to it) out.
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

/**
 * A `Retry-After` header in milliseconds from now: delta-seconds (`120`) or an HTTP-date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, relative to `nowMs`; a date in the past is 0). Null when absent or
 * unreadable.
 *
 * @example
 * parseRetryAfter('120', Date.now()); // 120000
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Number(text) * 1000;
  if (!HTTP_DATE.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
