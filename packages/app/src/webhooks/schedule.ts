/**
 * When a failed delivery is tried again: after the first attempt (made as soon as the sweeper finds
 * it), 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 20 h later, each ±10% at random so that
 * receivers coming back from an outage are not hit by every retry at once: ten attempts over about
 * three days (71.6 h), then the delivery is given up (it stays in the log, to redeliver by hand).
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  20 * 3_600_000,
];

/** The longest a receiver's `Retry-After` may push an attempt back. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

const JITTER = 0.1;

/**
 * When to try again after `attemptsMade` attempts failed (ms since the epoch), or null when the
 * schedule is spent. `random` is in [0, 1) (injected: tests are deterministic). A receiver's
 * `Retry-After` is honoured when it asks for longer than the schedule would wait (up to a day).
 * @example nextAttemptAt(1, now, Math.random, null) // about now + 5 s
 */
export function nextAttemptAt(
  attemptsMade: number,
  now: number,
  random: () => number,
  retryAfterMs: number | null,
): number | null {
  const delay = RETRY_DELAYS_MS[attemptsMade - 1];
  if (delay === undefined) return null;
  const jittered = Math.round(delay * (1 - JITTER + 2 * JITTER * random()));
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
  return now + Math.max(jittered, asked);
}
