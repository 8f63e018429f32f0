import { describe, expect, it } from 'vitest';
import { nextPushAttempt, pushPolicy } from './policy';

// The README's schedule: 5 s, 1 min, 5 min, 30 min, 2 h and 6 h after the attempt before.
const README_DELAYS = [5_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

const now = Date.parse('2026-12-01T10:00:00.000Z');

describe('how a push is sent', () => {
  it('is urgent and kept until the deadline for a turn, normal for the end of a game, low for a hand', () => {
    const deadline = new Date(now + 3 * 3_600_000).toISOString();
    expect(pushPolicy('turn.started', 'g_1', deadline, now)).toEqual({ ttl: 3 * 3_600, urgency: 'high', topic: 'g_1' });
    expect(pushPolicy('turn.started', 'g_1', null, now).ttl).toBe(7 * 24 * 3_600);
    expect(pushPolicy('game.finished', 'g_1', null, now)).toEqual({ ttl: 24 * 3_600, urgency: 'normal', topic: 'g_1' });
    expect(pushPolicy('hand.ended', 'g_1', null, now).urgency).toBe('low');
  });

  it('is retried on its schedule, honouring a longer Retry-After, never past its expiry', () => {
    const far = now + 30 * 24 * 3_600_000;
    expect(README_DELAYS.map((_, i) => nextPushAttempt(i + 1, now, far, null))).toEqual(
      README_DELAYS.map((d) => now + d),
    );
    expect(nextPushAttempt(README_DELAYS.length + 1, now, far, null)).toBeNull();
    expect(nextPushAttempt(1, now, far, 60_000)).toBe(now + 60_000);
    expect(nextPushAttempt(3, now, now + 60_000, null)).toBeNull();
  });
});
