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
  { turnHours: 72, awayAfter: 3 },
];

/** Every state a self-played game passes through. */
function states(set: (typeof SET_SIZES)[number], seats: number, rules: RulesetOptions, seed: number): GameState[] {
  const all: GameState[] = [];
  selfPlay({ seats, rules: { ...rules, set }, random: seededRandom(seed), onStep: ({ state }) => all.push(state) });
  return all;
}

describe('snapshot format 6', () => {
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
          for (const [i, state] of states(set, seats[most ? 1 : 0], rules, seed).entries()) {
            const since = i % 3 === 0 ? null : new Date(Date.UTC(2026, 11, 1, 9, i)).toISOString();
            const back = fromSnapshot(toSnapshot(state, since));
            // Deep and strict (prototypes, -0), and the keys in the same order.
            const folded = { state, since };
            if (!isDeepStrictEqual(back, folded) || JSON.stringify(back) !== JSON.stringify(folded))
              expect(back).toStrictEqual(folded);
          }
        },
      ),
      { numRuns: 16 },
    );
    // Sixteen whole self-played games: 10-40 s on a busy machine; the timeout bounds a hang, not speed.
  }, 180_000);

  it('packs a long state and keeps a short one as it is, both given back whole', () => {
    const all = [1, 2].flatMap((seed) => states(9, 4, {}, seed));
    const snapshots = all.map((state) => ({ state, snapshot: toSnapshot(state, null)! }));
    // The second byte says how the rest is kept: 0 as it is, 1 packed (only from 256 bytes of it).
    const kinds = new Set(snapshots.map(({ snapshot }) => snapshot[1]));
    expect([...kinds].sort()).toEqual([0, 1]);
    for (const { state, snapshot } of snapshots) {
      if (snapshot[1] === 1) expect(snapshot.length).toBeLessThan(700);
      expect(fromSnapshot(snapshot)).toStrictEqual({ state, since: null });
    }
  });

  it('keeps a 4-seat double-9 game under ~0.7 KB, so a commit with its snapshot fits one write unit', () => {
    const since = '2026-12-01T09:00:00.000Z';
    const sizes = [1, 2, 3].flatMap((seed) => states(9, 4, {}, seed).map((s) => toSnapshot(s, since)!.length));
    expect(Math.max(...sizes)).toBeLessThan(700);
  });

  it('keeps a turn clock’s counts and flags, and when the turn began', () => {
    const state = states(6, 3, { turnHours: 24 }, 4).at(-10)!;
    expect(state.clock).not.toBeNull();
    const clocked = {
      ...state,
      clock: { timeouts: [1, 3, 0], streaks: [0, 2, 0], away: [false, true, false], extraHours: 5 },
    };
    const since = '2026-12-03T17:04:05.006Z';
    expect(fromSnapshot(toSnapshot(clocked as typeof state, since))).toStrictEqual({ state: clocked, since });
  });

  it('ignores snapshots of other formats (their games are folded from the events)', () => {
    const state = states(6, 2, {}, 1).at(-1)!;
    expect(fromSnapshot({ format: 2, state })).toBeNull();
    expect(fromSnapshot({ format: 3, state })).toBeNull();
    expect(fromSnapshot(Uint8Array.of(3, 0, 0x40))).toBeNull();
    // Format 4 had no setup, format 5 no turn clock (and no turn start).
    expect(fromSnapshot(Uint8Array.of(4, 0, 0x40))).toBeNull();
    expect(fromSnapshot(Uint8Array.of(5, 0, 0x40))).toBeNull();
    expect(fromSnapshot(undefined)).toBeNull();
  });

  it('pins the vocabulary of format 6: changing it needs a new FORMAT', () => {
    const digest = createHash('sha256').update(JSON.stringify(STATE_VOCABULARY)).digest('hex').slice(0, 16);
    expect(digest).toBe('758812b8149807b6');
  });
});
