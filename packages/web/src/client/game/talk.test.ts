import { describe, expect, it } from 'vitest';
import { nextLook } from './talk';

describe('nextLook', () => {
  it('looks again in 15 s while the table is lively, then doubling up to two minutes as it stays quiet', () => {
    // The README's promise: an idle page costs a look every two minutes, a lively one every 15 s.
    expect([0, 1, 2, 3, 4, 5, 9, 50].map(nextLook)).toEqual([
      15_000, 15_000, 30_000, 60_000, 120_000, 120_000, 120_000, 120_000,
    ]);
  });
});
