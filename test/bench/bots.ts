/**
 * `npm run bench:bots`: how well the computer players play and how long they think, default rules,
 * double-9. Prints what it measured; the last line is one JSON object with the figures.
 *
 * 1. Decision times of `strong` at its full default budget (real clock), alone on the machine.
 * 2. Playouts per second of `strong` from a mid-game position, 4 seats and 2 seats.
 * 3. Win shares over BENCH_BOTS_GAMES games per pairing (default 2,000), seats rotated (the bot under
 *    test sits in seat g mod seats of game g), with a 95% Wilson interval: greedy vs random and strong
 *    vs greedy, one bot under test against the other level in every other seat, 2 and 4 seats. These
 *    games run in worker threads, one per core, with `strong` given a smaller budget so the benchmark
 *    ends in minutes: BENCH_BOTS_PLAYOUTS playouts a decision (default 64; its clock ticks once a
 *    read, so the games replay exactly); their decision times are reported too.
 * BENCH_BOTS_GAMES=100 runs a quick version. BENCH_BOTS_BASELINE=<a checkout of this repo, its node_modules
 * installed> also measures 2. against that tree's bots, a fresh process a round (bots-round.ts), the
 * trees taking turns, and prints the ratio.
 * A seat wins a game when it has the lowest total; shared wins are split.
 */
import { chooseMove, DEFAULT_BUDGET_MS, playBotGame, strongSearch, type BotInput } from '@chickenfoot/bots';
import { seededRandom, type BotLevel } from '@chickenfoot/rules';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { midGamePlayouts, type PlayoutRate } from './bots-position';
import type { GamesJob, GamesResult, Timing } from './bots-worker';

const GAMES = Number(process.env.BENCH_BOTS_GAMES ?? 2000);
const PLAYOUTS = Number(process.env.BENCH_BOTS_PLAYOUTS ?? 64);
const TIMED_GAMES = { 2: 2, 4: 3 } as const; // strong at full budget: about 180 / 75 searched decisions a game
const BATCH = 25;
const WORKERS = Math.max(1, Math.min(2, availableParallelism()));

const started = performance.now();
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The p-th percentile (0..100) of some numbers, nearest rank. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The 95% Wilson score interval of a proportion `p` over `n` trials. */
function wilson(p: number, n: number): { low: number; high: number } {
  const z = 1.96;
  const z2n = (z * z) / n;
  const center = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return { low: center - half, high: center + half };
}

function timesOf(timings: readonly Timing[]) {
  const ms = timings.map((t) => t.ms);
  return { decisions: ms.length, p50Ms: round(percentile(ms, 50), 3), p99Ms: round(percentile(ms, 99), 3) };
}

// 1. Full budget, real clock, one thread: strong (rotating seats) against greedy.
function timedStrong(seats: 2 | 4): Timing[] {
  const timings: Timing[] = [];
  for (let game = 0; game < TIMED_GAMES[seats]; game++) {
    const hero = game % seats;
    playBotGame({
      levels: Array.from({ length: seats }, (_, s): BotLevel => (s === hero ? 'strong' : 'greedy')),
      random: seededRandom(90_000 + seats * 100 + game),
      choose: (input: BotInput) => {
        if (input.level !== 'strong') return chooseMove(input);
        const start = performance.now();
        const search = strongSearch(input);
        const ms = performance.now() - start;
        const inTurn = input.view.hand?.turn === input.view.viewer && search.move !== null;
        if (inTurn) timings.push({ level: 'strong', ms, playouts: search.playouts });
        return search.move;
      },
    });
  }
  return timings;
}

// 2. A mid-game position (bots-position.ts); the search runs for a second there.
const bench = { bots: { chooseMove, playBotGame, strongSearch }, rules: { seededRandom } };
const playoutsPerSecond = (seats: number) => midGamePlayouts(bench.bots, bench.rules, seats, 1000);

/**
 * BENCH_BOTS_BASELINE: this tree's playout rate against the baseline's, each round in fresh processes
 * (bots-round.ts), the trees taking turns to go first; the medians and their ratio.
 */
function againstBaseline(tree: string, seats: number, rounds: number) {
  const script = fileURLToPath(new URL('./bots-round.ts', import.meta.url));
  const rateOf = (of: string) => {
    const run = spawnSync(process.execPath, [...process.execArgv, script, of, String(seats), '1000'], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`a round of ${of || 'this tree'} failed: ${run.stderr}`);
    return (JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as PlayoutRate).playoutsPerSecond;
  };
  const rates = { ours: [] as number[], base: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? (['', tree] as const) : ([tree, ''] as const);
    for (const of of order) rates[of === '' ? 'ours' : 'base'].push(rateOf(of));
  }
  const ours = percentile(rates.ours, 50);
  const base = percentile(rates.base, 50);
  return { seats, rounds, ours, baseline: base, ratio: round(ours / base, 3), rates };
}

// 3. The win-share games, in batches over the workers.
async function winShareGames(jobs: GamesJob[]): Promise<GamesResult[]> {
  const entry = JSON.stringify(new URL('./bots-worker.ts', import.meta.url).href);
  const workers = Array.from(
    { length: WORKERS },
    () =>
      new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, {
        eval: true,
      }),
  );
  const queue = [...jobs];
  const results: GamesResult[] = [];
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const sent = job;
          results.push(
            await new Promise<GamesResult>((resolve, reject) => {
              worker.once('error', reject);
              worker.once('message', (result: GamesResult) => {
                worker.off('error', reject);
                resolve(result);
              });
              worker.postMessage(sent);
            }),
          );
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

const fullBudget = { 2: timedStrong(2), 4: timedStrong(4) };
const searchedFull = [...fullBudget[2], ...fullBudget[4]].filter((t) => t.playouts > 0);
const allFull = [...fullBudget[2], ...fullBudget[4]];
const strongFull = {
  budgetMs: DEFAULT_BUDGET_MS,
  ...timesOf(allFull),
  searched: {
    ...timesOf(searchedFull),
    playoutsP50: percentile(
      searchedFull.map((t) => t.playouts),
      50,
    ),
  },
};
console.log(
  `strong at its full budget (${DEFAULT_BUDGET_MS} ms, real clock), ${allFull.length} decisions in turn: ` +
    `p50 ${strongFull.p50Ms} ms, p99 ${strongFull.p99Ms} ms; the ${searchedFull.length} that searched: ` +
    `p50 ${strongFull.searched.p50Ms} ms, p99 ${strongFull.searched.p99Ms} ms, ${strongFull.searched.playoutsP50} playouts (p50)`,
);

const midGame = { '4 seats': playoutsPerSecond(4), '2 seats': playoutsPerSecond(2) };
for (const [seats, m] of Object.entries(midGame)) {
  console.log(
    `playouts/s from a mid-game position, ${seats} (${m.board} tiles down, ${m.candidates} moves): ${m.playoutsPerSecond}`,
  );
}
const BASELINE = process.env.BENCH_BOTS_BASELINE;
const baseline = BASELINE ? [4, 2].map((seats) => againstBaseline(resolve(BASELINE), seats, 6)) : null;
for (const b of baseline ?? []) {
  console.log(
    `playouts/s, ${b.seats} seats, a fresh process a round (${b.rounds} rounds each, taking turns): this tree ${b.ours}, baseline (${BASELINE}) ${b.baseline} -> x${b.ratio}`,
  );
}

const PAIRINGS = [
  { hero: 'greedy', villain: 'random', seats: 2 },
  { hero: 'greedy', villain: 'random', seats: 4 },
  { hero: 'strong', villain: 'greedy', seats: 2 },
  { hero: 'strong', villain: 'greedy', seats: 4 },
] as const;
const jobs: GamesJob[] = [];
// The slow pairings first, so the workers finish together.
for (const [p, pairing] of [...PAIRINGS.entries()].reverse()) {
  for (let from = 0; from < GAMES; from += BATCH) {
    jobs.push({ id: p, ...pairing, from, to: Math.min(GAMES, from + BATCH), playouts: PLAYOUTS });
  }
}
const gamesStarted = performance.now();
const results = await winShareGames(jobs);
const gamesSeconds = (performance.now() - gamesStarted) / 1000;

const winShares: Record<string, object> = {};
const timings: Timing[] = [];
for (const [p, pairing] of PAIRINGS.entries()) {
  const mine = results.filter((r) => r.id === p);
  const shares = mine.flatMap((r) => r.shares);
  for (const r of mine) timings.push(...r.timings);
  const share = shares.reduce((a, b) => a + b, 0) / shares.length;
  const cpuSeconds = mine.reduce((a, r) => a + r.cpuSeconds, 0);
  const { low, high } = wilson(share, shares.length);
  const parity = 1 / pairing.seats;
  const name = `${pairing.seats} seats: ${pairing.hero} vs ${pairing.villain}`;
  winShares[name] = {
    games: shares.length,
    share: round(share, 4),
    low: round(low, 4),
    high: round(high, 4),
    parity: round(parity, 4),
    lowAboveParityBy: round(low - parity, 4),
    cpuSeconds: round(cpuSeconds, 0),
  };
  console.log(
    `${name}${pairing.seats > 2 ? ` (one ${pairing.hero}, ${pairing.seats - 1} ${pairing.villain})` : ''}: ` +
      `${pairing.hero} wins ${(share * 100).toFixed(1)}% of ${shares.length} games, 95% CI ` +
      `${(low * 100).toFixed(1)}-${(high * 100).toFixed(1)}% (parity ${(parity * 100).toFixed(0)}%: lower bound ` +
      `${((low - parity) * 100).toFixed(1)} points above; ${round(cpuSeconds, 0)} s of CPU)`,
  );
}
const byLevel = (level: BotLevel) => timings.filter((t) => t.level === level);
const searchedSmall = byLevel('strong').filter((t) => t.playouts > 0);
const decisionMs = {
  random: timesOf(byLevel('random')),
  greedy: timesOf(byLevel('greedy')),
  strong: {
    fullBudget: strongFull,
    winShareGames: {
      budgetPlayouts: PLAYOUTS,
      ...timesOf(byLevel('strong')),
      searched: {
        ...timesOf(searchedSmall),
        playoutsP50: percentile(
          searchedSmall.map((t) => t.playouts),
          50,
        ),
      },
    },
  },
};
for (const level of ['random', 'greedy'] as const) {
  const t = decisionMs[level];
  console.log(`${level}: ${t.decisions} decisions in turn, p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms`);
}
const small = decisionMs.strong.winShareGames;
console.log(
  `strong in the win-share games (about ${PLAYOUTS} playouts a decision, ${WORKERS} workers): p50 ${small.p50Ms} ms, ` +
    `p99 ${small.p99Ms} ms; searched p50 ${small.searched.p50Ms} ms, p99 ${small.searched.p99Ms} ms, ` +
    `${small.searched.playoutsP50} playouts (p50)`,
);
const seconds = (performance.now() - started) / 1000;
console.log(
  `win-share games: ${round(gamesSeconds, 0)} s on ${WORKERS} worker(s); whole benchmark ${round(seconds, 0)} s`,
);

console.log(
  JSON.stringify({
    benchmark: 'bots',
    game: { set: 9, rules: 'default' },
    gamesPerPairing: GAMES,
    winShares,
    decisionMs,
    playoutsPerSecond: midGame,
    ...(baseline ? { againstBaseline: baseline } : {}),
    seconds: { total: round(seconds, 0), winShareGames: round(gamesSeconds, 0), workers: WORKERS },
    node: process.version,
  }),
);
