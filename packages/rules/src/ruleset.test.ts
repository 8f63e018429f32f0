import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, defaultHandSize, maxSeats, resolveRuleset, storedRuleset, type Ruleset } from './ruleset';

describe('rulesets', () => {
  it('fills in the defaults of the Chickenfoot help text', () => {
    expect(resolveRuleset(4, {})).toEqual({
      ok: true,
      rules: {
        set: 9,
        handSize: 11,
        spokes: 6,
        drawnTile: 'may-play',
        doubleBlank: 50,
        opening: 'draw',
        chickenlittle: 'callout',
        autoPlay: 'off',
        botLevel: 'greedy',
      },
    });
  });

  it('deals the hand sizes of the RULES.md table', () => {
    const table = {
      6: [7, 7, 5, 4],
      9: [21, 14, 11, 8, 7, 6, 5],
      12: [15, 15, 15, 12, 12, 11, 10],
      15: [14, 14, 14, 14, 14, 14, 14],
    } as const;
    for (const [set, sizes] of Object.entries(table)) {
      sizes.forEach((size, i) => {
        const resolved = resolveRuleset(i + 2, { set: Number(set) as 6 | 9 | 12 | 15 });
        expect(resolved.ok && resolved.rules.handSize, `set ${set}, ${i + 2} seats`).toBe(size);
      });
    }
    expect(defaultHandSize(6, 6)).toBeUndefined();
    expect(maxSeats(6)).toBe(5);
    expect(maxSeats(15)).toBe(8);
  });

  it('keeps every variant the creator picks', () => {
    const resolved = resolveRuleset(2, {
      set: 6,
      handSize: 5,
      spokes: 4,
      drawnTile: 'must-play',
      doubleBlank: 25,
      opening: 'next-highest',
      chickenlittle: 'auto',
      autoPlay: 'only-move',
      botLevel: 'strong',
    });
    expect(resolved).toEqual({
      ok: true,
      rules: {
        set: 6,
        handSize: 5,
        spokes: 4,
        drawnTile: 'must-play',
        doubleBlank: 25,
        opening: 'next-highest',
        chickenlittle: 'auto',
        autoPlay: 'only-move',
        botLevel: 'strong',
      },
    });
  });

  it.each([
    [2, { set: 7 }, /set must be one of 6, 9, 12, 15/],
    [6, { set: 6 }, /double-6 game seats 2 to 5/],
    [1, {}, /seats 2 to 8/],
    [9, { set: 15 }, /seats 2 to 8/],
    [2.5, {}, /seats 2 to 8/],
    [2, { spokes: 5 }, /spokes must be one of 4, 6/],
    [2, { drawnTile: 'sometimes' }, /drawnTile must be one of may-play, must-play/],
    [2, { doubleBlank: 10 }, /doubleBlank must be one of 0, 25, 50/],
    [2, { opening: 'random' }, /opening must be one of draw, next-highest/],
    [2, { chickenlittle: 'loud' }, /chickenlittle must be one of callout, auto, off/],
    [2, { autoPlay: 'always' }, /autoPlay must be one of off, only-move, not always/],
    [2, { autoPlay: true }, /autoPlay must be one of off, only-move, not true/],
    [2, { handSize: 0 }, /handSize must be a whole number from 1 to 27/],
    [4, { set: 6, handSize: 7 }, /at least one left in the boneyard/],
    [2, { handSize: 3.5 }, /handSize/],
    [2, { colour: 'red' }, /unknown rule option\(s\): colour/],
  ])('refuses %s seats with %o, saying why', (seats, options, reason) => {
    const resolved = resolveRuleset(seats, options as never);
    expect(resolved.ok).toBe(false);
    expect(!resolved.ok && resolved.reason).toMatch(reason);
  });

  it('gives a game stored before an option existed that option’s default', () => {
    const { autoPlay: _, ...old } = DEFAULT_RULES;
    const stored = { ...old, handSize: 7 } as Ruleset;
    expect(storedRuleset(stored)).toEqual({ ...stored, autoPlay: 'off' });
    const complete = { ...DEFAULT_RULES, handSize: 7 };
    expect(storedRuleset(complete)).toBe(complete);
  });

  it('allows a hand size that leaves exactly one tile in the boneyard', () => {
    const resolved = resolveRuleset(3, { set: 6, handSize: 9 });
    expect(resolved.ok).toBe(true);
  });
});
