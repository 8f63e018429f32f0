import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  defaultHandSize,
  MAX_TURN_HOURS,
  maxSeats,
  resolveRuleset,
  storedRuleset,
  TURN_HOURS_PRESETS,
  type Ruleset,
} from './ruleset';

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
        turnHours: null,
        awayAfter: 2,
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
      turnHours: 72,
      awayAfter: 3,
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
        turnHours: 72,
        awayAfter: 3,
      },
    });
  });

  it('takes a turn clock of any whole number of hours from one to 14 days, the presets among them, or none', () => {
    // docs/rules.md's words: presets of 1, 4, 8, 12 hours, 1, 2, 3, 5, 7, 10, 14 days; 1 to 336 hours.
    const DAY = 24;
    const presets = [1, 4, 8, 12, DAY, 2 * DAY, 3 * DAY, 5 * DAY, 7 * DAY, 10 * DAY, 14 * DAY];
    expect(TURN_HOURS_PRESETS).toEqual(presets);
    expect(MAX_TURN_HOURS).toBe(336);
    for (const turnHours of [...presets, 1, 5, 100, 335, 336, null]) {
      const resolved = resolveRuleset(2, { turnHours });
      expect(resolved.ok && resolved.rules.turnHours, String(turnHours)).toBe(turnHours);
    }
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
    [
      2,
      { turnHours: 0 },
      /turnHours must be a whole number of hours from 1 to 336 \(14 days\), or null for no clock, not 0/,
    ],
    [2, { turnHours: 337 }, /turnHours .* not 337/],
    [2, { turnHours: 1.5 }, /turnHours .* not 1.5/],
    [2, { turnHours: '24' }, /turnHours .* not 24/],
    [2, { awayAfter: 0 }, /awayAfter must be a whole number of timeouts in a row from 1 to 10, not 0/],
    [2, { awayAfter: 11 }, /awayAfter .* not 11/],
  ])('refuses %s seats with %o, saying why', (seats, options, reason) => {
    const resolved = resolveRuleset(seats, options as never);
    expect(resolved.ok).toBe(false);
    expect(!resolved.ok && resolved.reason).toMatch(reason);
  });

  it('gives a game stored before an option existed that option’s default', () => {
    const { autoPlay: _, ...old } = DEFAULT_RULES;
    const stored = { ...old, handSize: 7 } as Ruleset;
    expect(storedRuleset(stored)).toEqual({ ...stored, autoPlay: 'off' });
    // A game stored before turn clocks has none.
    const { turnHours: _t, awayAfter: _a, ...unclocked } = DEFAULT_RULES;
    expect(storedRuleset({ ...unclocked, handSize: 7 } as Ruleset)).toMatchObject({ turnHours: null, awayAfter: 2 });
    const complete = { ...DEFAULT_RULES, handSize: 7 };
    expect(storedRuleset(complete)).toEqual(complete);
  });

  it('writes every ruleset with the same fields in the same order, the order the snapshot vocabulary lists', () => {
    const order = ['set', 'spokes', 'drawnTile', 'doubleBlank', 'opening', 'chickenlittle', 'autoPlay'];
    const fields = [...order, 'botLevel', 'turnHours', 'awayAfter', 'handSize'];
    const resolved = [
      resolveRuleset(4, {}),
      // Options given in another order, and one (handSize) that is not among the defaults.
      resolveRuleset(2, { handSize: 5, turnHours: 24, autoPlay: 'only-move', set: 6, spokes: 4 }),
    ];
    for (const r of resolved) expect(r.ok && Object.keys(r.rules)).toEqual(fields);
    const { autoPlay: _, ...old } = DEFAULT_RULES;
    expect(Object.keys(storedRuleset({ handSize: 7, ...old } as Ruleset))).toEqual(fields);
  });

  it('allows a hand size that leaves exactly one tile in the boneyard', () => {
    const resolved = resolveRuleset(3, { set: 6, handSize: 9 });
    expect(resolved.ok).toBe(true);
  });
});
