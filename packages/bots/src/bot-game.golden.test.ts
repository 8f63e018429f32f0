import { seededRandom, type BotLevel } from '@chickenfoot/rules';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playBotGame } from './bot-game';

/**
 * Seeded bot games replay exactly what they played before the engine and the playouts were made
 * faster: 50 games of `greedy` and `strong` (a budget of 24 reads of a clock that ticks once a read, so
 * the search depends on the seed alone), recorded before that work in `bot-game.golden.json`. A
 * playout that ended one hand differently would change some strong decision, and so these games.
 * `GOLDEN_WRITE=1` rewrites the file (then `npx prettier --write` it): only for a change meant to
 * change how the bots play, and said so in its commit.
 */

const FILE = new URL('./bot-game.golden.json', import.meta.url);
const BUDGET = 24;

const LINEUPS: readonly (readonly BotLevel[])[] = [
  ['strong', 'greedy'],
  ['greedy', 'strong'],
  ['strong', 'greedy', 'greedy', 'greedy'],
  ['greedy', 'strong', 'random', 'strong'],
  ['strong', 'greedy', 'random'],
];

interface Outcome {
  readonly seed: number;
  readonly levels: readonly BotLevel[];
  readonly totals: readonly number[];
  readonly winners: readonly number[];
  readonly events: number;
  /** The first 16 hex digits of the SHA-256 of the events as JSON. */
  readonly digest: string;
}

function outcome(seed: number): Outcome {
  const levels = LINEUPS[seed % LINEUPS.length] ?? ['strong', 'greedy'];
  let ticks = 0;
  // Double-6 for a third of the games: shorter, and a second set size for the playouts.
  const rules = seed % 3 === 2 && levels.length <= 4 ? { set: 6 as const } : undefined;
  const result = playBotGame({
    levels,
    ...(rules ? { rules } : {}),
    random: seededRandom(7_000 + seed),
    budgetMs: BUDGET,
    now: () => ticks++,
  });
  return {
    seed,
    levels,
    totals: result.totals,
    winners: result.winners,
    events: result.events.length,
    digest: createHash('sha256').update(JSON.stringify(result.events)).digest('hex').slice(0, 16),
  };
}

describe('seeded bot games', () => {
  it('replay the 50 recorded games exactly (scores, winners, every event)', () => {
    const outcomes = Array.from({ length: 50 }, (_, seed) => outcome(seed));
    if (process.env.GOLDEN_WRITE === '1') {
      writeFileSync(FILE, JSON.stringify(outcomes));
      // A file just written proves nothing against itself: the run that writes compares nothing, and
      // fails so that it is never taken for a pass. The next run, without GOLDEN_WRITE, compares.
      throw new Error(`GOLDEN_WRITE=1 wrote ${FILE.pathname} and compared nothing: run again without it`);
    }
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Outcome[];
    expect(recorded).toHaveLength(50);
    expect(outcomes).toEqual(recorded);
  }, 120_000);
});
