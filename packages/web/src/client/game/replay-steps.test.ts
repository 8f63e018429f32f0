import { describe, expect, it } from 'vitest';
import type { Commit, GameEvent } from '../api';
import { handJump, handSpans } from './replay-steps';

const commit = (version: number, ...events: Partial<GameEvent>[]): Commit =>
  ({ version, at: '2026-12-01T10:00:00.000Z', events }) as Commit;

// Two hands: dealt at 1 and 6, ended at 5 and 9; the third dealt at 9 (with the second's end), not over.
const commits = [
  commit(1, { type: 'GameCreated' }, { type: 'HandDealt', hand: 0 }),
  commit(2, { type: 'TilePlayed' }),
  commit(5, { type: 'HandEnded', hand: 0 }),
  commit(6, { type: 'HandDealt', hand: 1 }),
  commit(9, { type: 'HandEnded', hand: 1 }, { type: 'HandDealt', hand: 2 }),
  commit(12, { type: 'TilePlayed' }),
];

describe('handSpans and handJump', () => {
  it('finds each hand by the commits that dealt and ended it', () => {
    expect(handSpans(commits)).toEqual([
      { hand: 0, start: 1, end: 5 },
      { hand: 1, start: 6, end: 9 },
      { hand: 2, start: 9, end: null },
    ]);
  });

  it('jumps to the start of the hand, or of the one before from its start; to its end, or the next one’s', () => {
    const spans = handSpans(commits);
    expect(handJump(spans, 3, 'start')).toBe(1);
    expect(handJump(spans, 1, 'start')).toBeNull();
    expect(handJump(spans, 7, 'start')).toBe(6);
    expect(handJump(spans, 6, 'start')).toBe(1);
    expect(handJump(spans, 0, 'end')).toBe(5);
    expect(handJump(spans, 5, 'end')).toBe(9);
    expect(handJump(spans, 9, 'end')).toBeNull();
  });
});
