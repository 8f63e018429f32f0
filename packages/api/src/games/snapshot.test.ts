import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import {
  maxSeats,
  MIN_SEATS,
  SET_SIZES,
  selfPlay,
  seededRandom,
  type GameState,
  type RulesetOptions,
} from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { fromSnapshot, STATE_VOCABULARY, toSnapshot } from './snapshot';

const VARIANTS: RulesetOptions[] = [
  {},
  { spokes: 4, drawnTile: 'must-play', doubleBlank: 0 },
  { opening: 'next-highest', chickenlittle: 'auto', autoPlay: 'only-move' },
  { chickenlittle: 'off', doubleBlank: 25, botLevel: 'random' },
];

/** Every state a self-played game passes through. */
function states(set: (typeof SET_SIZES)[number], seats: number, rules: RulesetOptions, seed: number): GameState[] {
  const all: GameState[] = [];
  selfPlay({ seats, rules: { ...rules, set }, random: seededRandom(seed), onStep: ({ state }) => all.push(state) });
  return all;
}

describe('snapshot format 5', () => {
  it('gives back every state of self-played games exactly: every set size, seat count and several rule variants', () => {
    const configs = SET_SIZES.flatMap((set) =>
      VARIANTS.map((rules) => ({ set, rules, seats: [MIN_SEATS, maxSeats(set)] as const })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...configs),
        fc.boolean(),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        ({ set, rules, seats }, most, seed) => {
          for (const state of states(set, seats[most ? 1 : 0], rules, seed)) {
            const back = fromSnapshot(toSnapshot(state));
            // Deep and strict (prototypes, -0), and the keys in the same order.
            if (!isDeepStrictEqual(back, state) || JSON.stringify(back) !== JSON.stringify(state))
              expect(back).toStrictEqual(state);
          }
        },
      ),
      { numRuns: 16 },
    );
  });

  it('keeps a 4-seat double-9 game under ~0.7 KB, so a commit with its snapshot fits one write unit', () => {
    const sizes = [1, 2, 3].flatMap((seed) => states(9, 4, {}, seed).map((s) => toSnapshot(s)!.length));
    expect(Math.max(...sizes)).toBeLessThan(700);
  });

  it('ignores snapshots of other formats (their games are folded from the events)', () => {
    const state = states(6, 2, {}, 1).at(-1)!;
    expect(fromSnapshot({ format: 2, state })).toBeNull();
    expect(fromSnapshot({ format: 3, state })).toBeNull();
    expect(fromSnapshot(Uint8Array.of(3, 0, 0x40))).toBeNull();
    // Format 4 had no setup: a state read from it would lack who created the game and who may join.
    expect(fromSnapshot(Uint8Array.of(4, 0, 0x40))).toBeNull();
    expect(fromSnapshot(undefined)).toBeNull();
  });

  it('pins the vocabulary of format 5: changing it needs a new FORMAT', () => {
    const digest = createHash('sha256').update(JSON.stringify(STATE_VOCABULARY)).digest('hex').slice(0, 16);
    expect(digest).toBe('88a2c0053b232f39');
  });
});
