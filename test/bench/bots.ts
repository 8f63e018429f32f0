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
 * BENCH_BOTS_GAMES=100 runs a quick version.
 * A seat wins a game when it has the lowest total; shared wins are split.
 */
import { chooseMove, DEFAULT_BUDGET_MS, playBotGame, strongSearch, type BotInput } from '@chickenfoot/bots';
import { seededRandom, type BotLevel } from '@chickenfoot/rules';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
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

// 2. A mid-game position: seat 0's first decision in a greedy game once 15 tiles are down and it has
// at least three moves to weigh; the search runs for a second there.
function playoutsPerSecond(seats: number): { playoutsPerSecond: number; candidates: number; board: number } {
  let position: BotInput | null = null;
  try {
    playBotGame({
      levels: Array.from({ length: seats }, (): BotLevel => 'greedy'),
      random: seededRandom(4242 + seats),
      choose: (input, seat) => {
        const board = input.view.hand?.board.length ?? 0;
        const turnMoves = input.view.legalMoves.filter((m) => m.type === 'play' && !m.announce).length;
        if (seat === 0 && input.view.hand?.turn === 0 && board >= 15 && turnMoves >= 3) {
          position = input;
          throw new Error('found');
        }
        return chooseMove(input);
      },
    });
  } catch (stop) {
    if (!position) throw stop;
  }
  const found = position as BotInput | null;
  if (!found) throw new Error('no mid-game position');
  const start = performance.now();
  const search = strongSearch({ ...found, level: 'strong', budgetMs: 1000, random: seededRandom(1) });
  const seconds = (performance.now() - start) / 1000;
  return {
    playoutsPerSecond: Math.round(search.playouts / seconds),
    candidates: found.view.legalMoves.length,
    board: found.view.hand?.board.length ?? 0,
  };
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
    seconds: { total: round(seconds, 0), winShareGames: round(gamesSeconds, 0), workers: WORKERS },
    node: process.version,
  }),
);
