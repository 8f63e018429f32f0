import { describe, expect, it } from 'vitest';
import { nextLook, TALK_POLL_MS, TALK_QUIET_MS } from './talk';

describe('nextLook', () => {
  it('looks again in 15 s while the table is lively, then doubling up to two minutes as it stays quiet', () => {
    expect([0, 1, 2, 3, 4, 5, 9, 50].map(nextLook)).toEqual([
      15_000, 15_000, 30_000, 60_000, 120_000, 120_000, 120_000, 120_000,
    ]);
    expect(TALK_POLL_MS).toBe(15_000);
    expect(TALK_QUIET_MS).toBe(120_000);
  });
});
