import { describe, expect, it } from 'vitest';
import { fisherYates, seededRandom } from './random';
import { fullSet } from './tiles';

describe('fisherYates', () => {
  it('given the frozen full set, returns a new shuffled array of the same tiles and leaves the set as it was', () => {
    const set = fullSet(9);
    const before = [...set];
    const deck = fisherYates(seededRandom(7))(set);
    expect(Object.isFrozen(set)).toBe(true);
    expect(deck).not.toBe(set);
    expect(Object.isFrozen(deck)).toBe(false);
    expect([...deck].sort()).toEqual([...set].sort());
    expect(deck).not.toEqual(before);
    expect(set).toEqual(before);
  });

  it('given the same seed, deals the same order', () => {
    const set = fullSet(6);
    expect(fisherYates(seededRandom(11))(set)).toEqual(fisherYates(seededRandom(11))(set));
    expect(fisherYates(seededRandom(11))(set)).not.toEqual(fisherYates(seededRandom(12))(set));
  });
});
