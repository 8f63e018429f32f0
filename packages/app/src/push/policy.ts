import type { NotificationType } from '../webhooks/notifications';
import type { PUSH_TEST } from './event-types';

/** How a push service is asked to treat one push (RFC 8030 §5.2, §5.3, §5.4). */
export interface PushPolicy {
  /** Seconds the push service may keep it for a device that is away; after that it is news no more. */
  readonly ttl: number;
  /** `high` wakes a phone at once; `normal` may wait for it to wake; `low` waits for power or Wi-Fi. */
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Pushes with one topic replace each other at the push service while they wait: one per game. */
  readonly topic: string;
}

const HOUR = 3_600;
const DAY = 24 * HOUR;
/** A turn with no clock waits for its player as long as it takes: a week of keeping is plenty. */
const UNCLOCKED_TURN = 7 * DAY;

/**
 * The policy of a push of `type` about `gameId` at `now` (ms). Whose turn it is is high: it is what a
 * person acts on, and their deadline runs; it is kept until that deadline (a turn already over is no
 * news). A game's start or end and a rematch are normal, kept a day; a hand's end is low, kept an
 * hour (the next turn's push says more). Every push about a game has the game as its topic, so a
 * person away for a day finds one per game, the newest.
 * @example pushPolicy('turn.started', 'g_…', '2026-12-02T10:00:00Z', now) // { ttl: …, urgency: 'high', topic: 'g_…' }
 */
export function pushPolicy(
  type: NotificationType | typeof PUSH_TEST,
  gameId: string | null,
  deadline: string | null,
  now: number,
): PushPolicy {
  const topic = gameId ?? 'test';
  switch (type) {
    case 'turn.started':
    case 'turn.reminder': {
      const left = deadline === null ? UNCLOCKED_TURN : Math.floor((Date.parse(deadline) - now) / 1000);
      return { ttl: Math.max(60, left), urgency: 'high', topic };
    }
    case 'hand.ended':
      return { ttl: HOUR, urgency: 'low', topic };
    case 'push.test':
      return { ttl: 10 * 60, urgency: 'normal', topic };
    default:
      return { ttl: DAY, urgency: 'normal', topic };
  }
}

/**
 * When a push that failed is tried again: 5 s, 1 min, 5 min, 30 min, 2 h, 6 h after the attempt before
 * (about 8.6 h in all), never past its TTL: a push service that is down for longer than a push is
 * news gets the newest push of each game when it is back, not a history.
 */
export const PUSH_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
];

/** When to try a push again after `attemptsMade` failed attempts, or null once the schedule is spent or the push expires first. */
export function nextPushAttempt(
  attemptsMade: number,
  now: number,
  expiresAt: number,
  retryAfterMs: number | null,
): number | null {
  const delay = PUSH_RETRY_DELAYS_MS[attemptsMade - 1];
  if (delay === undefined) return null;
  const next = now + Math.max(delay, Math.min(retryAfterMs ?? 0, 6 * 3_600_000));
  return next >= expiresAt ? null : next;
}
