import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RulesetOptions } from './ruleset';
import { seededRandom } from './random';
import { selfPlay } from './self-play';

/**
 * Seeded self-play games replay exactly what they played before the engine was made faster: the
 * outcomes of 300 games (each seat's total, the winners, how many commands and events, and a digest of
 * every event) were recorded on the engine before that work and are kept in `self-play.golden.json`.
 * A change that alters any event of any of these games (a rule, or the order moves are listed in, which
 * self-play's choices depend on) fails here. `GOLDEN_WRITE=1` rewrites the file (then `npx prettier --write` it): only for a change
 * of the rules meant to change games, and said so in its commit.
 */

const FILE = new URL('./self-play.golden.json', import.meta.url);

// The benchmark's game (double-9, 4 seats, default rules) for most seeds, then every rule option
// somewhere, so each branch of the engine's fast paths is replayed.
const VARIANTS: readonly { seats: number; rules?: RulesetOptions }[] = [
  { seats: 2 },
  { seats: 3, rules: { drawnTile: 'must-play', autoPlay: 'only-move' } },
  { seats: 4, rules: { chickenlittle: 'auto', spokes: 4 } },
  { seats: 5, rules: { chickenlittle: 'off', opening: 'next-highest', doubleBlank: 0 } },
  { seats: 3, rules: { set: 6, doubleBlank: 25 } },
  { seats: 6, rules: { set: 12, autoPlay: 'only-move' } },
  { seats: 8, rules: { set: 15, drawnTile: 'must-play' } },
  { seats: 2, rules: { set: 6, handSize: 1 } },
  { seats: 4, rules: { turnHours: 24 } },
];

interface Outcome {
  readonly seed: number;
  readonly totals: readonly number[];
  readonly winners: readonly number[];
  readonly commands: number;
  readonly events: number;
  /** The first 16 hex digits of the SHA-256 of the events as JSON. */
  readonly digest: string;
}

function gameOf(seed: number): { seats: number; rules?: RulesetOptions } {
  return seed < 200 ? { seats: 4 } : (VARIANTS[seed % VARIANTS.length] ?? { seats: 4 });
}

function outcome(seed: number): Outcome {
  const { seats, rules } = gameOf(seed);
  const result = selfPlay({ seats, ...(rules ? { rules } : {}), random: seededRandom(seed) });
  if (result.state.status !== 'finished') throw new Error(`game ${seed} did not finish`);
  return {
    seed,
    totals: result.state.totals,
    winners: result.state.winners,
    commands: result.commands,
    events: result.events.length,
    digest: createHash('sha256').update(JSON.stringify(result.events)).digest('hex').slice(0, 16),
  };
}

describe('seeded self-play', () => {
  it('replays the 300 recorded games exactly (scores, winners, commands, every event)', () => {
    const outcomes = Array.from({ length: 300 }, (_, seed) => outcome(seed));
    if (process.env.GOLDEN_WRITE === '1') {
      writeFileSync(FILE, JSON.stringify(outcomes));
      // A file just written proves nothing against itself: the run that writes compares nothing, and
      // fails so that it is never taken for a pass. The next run, without GOLDEN_WRITE, compares.
      throw new Error(`GOLDEN_WRITE=1 wrote ${FILE.pathname} and compared nothing: run again without it`);
    }
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Outcome[];
    expect(recorded).toHaveLength(300);
    expect(outcomes).toEqual(recorded);
  });
});
