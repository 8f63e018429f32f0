import { describe, expect, it } from 'vitest';
import { pauseAfter } from './talk';

describe('pauseAfter', () => {
  it('looks again at once after a wait that ran its course, and pauses after one that came back early', () => {
    // A long-poll answered by a message, or one that waited its 20 s: no pause.
    expect(pauseAfter(19_500)).toBe(0);
    expect(pauseAfter(20_300)).toBe(0);
    // Answered at once and empty (a muted table, or the API's per-player waits all held): the rest of the 20 s.
    expect(pauseAfter(40)).toBe(19_960);
    expect(pauseAfter(17_000)).toBe(3_000);
  });
});
