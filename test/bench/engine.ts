/**
 * `npm run bench:engine`: random self-play of full games (double-9, 4 seats, default rules) through
 * the rules' public API, on one core. Prints games/s and events/s and where the time goes; the last
 * line is one JSON object with the figures.
 *
 * Two ways of playing the same games are measured: `selfPlay` as it is (on a `ScratchGame`, which folds
 * each event in place: what the bots' playouts run on), and through `decide` and `evolve` themselves, a
 * new state for every event (what the server folds with; `selfPlay` with `onStep` plays that way).
 *
 * Each round runs in a process of its own (engine-round.ts: a warm-up second, then the round).
 * BENCH_ENGINE_BASELINE=<a checkout of this repo, its node_modules installed> measures that tree's
 * rules too, round by round in turn with this one (so both see the same machine, neither the other's
 * heap), and reports this tree's games/s as a ratio of the baseline's. BENCH_ENGINE_SECONDS (per
 * round, default 2) and BENCH_ENGINE_ROUNDS (default 5) size the run.
 */
import * as rules from '@chickenfoot/rules';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Round } from './engine-round';

const SECONDS_PER_ROUND = Number(process.env.BENCH_ENGINE_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 5);
const BASELINE = process.env.BENCH_ENGINE_BASELINE;

type Way = 'scratch' | 'pure';

/** One round, in a fresh process (see engine-round.ts): `tree` '' for this one. */
function roundOf(tree: string, way: Way, seconds: number, firstSeed: number): Round {
  const script = fileURLToPath(new URL('./engine-round.ts', import.meta.url));
  const run = spawnSync(
    process.execPath,
    [...process.execArgv, script, tree, way, String(seconds), String(firstSeed)],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`a round of ${tree || 'this tree'} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as Round;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const trees: { name: string; tree: string }[] = [{ name: 'this tree', tree: '' }];
if (BASELINE) trees.push({ name: `baseline (${BASELINE})`, tree: resolve(BASELINE) });
const ways: Way[] = ['scratch', 'pure'];
const rounds = new Map<string, Round[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const way of ways) {
    // Every other round the baseline goes first, so that neither always meets the machine as it is
    // after the other.
    const order = round % 2 === 0 ? trees : [...trees].reverse();
    for (const { name, tree } of order) {
      // Every tree plays the same seeds in a round: the same games, where the rules agree.
      const r = roundOf(tree, way, SECONDS_PER_ROUND, round * 100_000);
      rounds.set(`${name}/${way}`, [...(rounds.get(`${name}/${way}`) ?? []), r]);
      console.log(
        `round ${round + 1}, ${name}, ${way}: ${r.gamesPerSecond.toFixed(0)} games/s, ` +
          `${r.eventsPerSecond.toFixed(0)} events/s, ${r.commandsPerSecond.toFixed(0)} commands/s`,
      );
    }
  }
}
const medianOf = (name: string, way: Way, figure: keyof Round) =>
  Math.round(median((rounds.get(`${name}/${way}`) ?? []).map((r) => r[figure])));

// Where the time goes, on this tree's pure path: replay recorded games through evolve alone, and ask
// legalMoves for every seat after each event, then compare with whole self-play of the same games.
const { evolve, initialState, legalMoves, selfPlay, seededRandom } = rules;
const recorded: (readonly rules.GameEvent[])[] = [];
const perGame = { events: 0, commands: 0 };
for (let seed = 0; seed < 200; seed++) {
  const r = selfPlay({ seats: 4, random: seededRandom(seed) });
  recorded.push(r.events);
  perGame.events += r.events.length / 200;
  perGame.commands += r.commands / 200;
}
function timeIt(work: () => void): number {
  work(); // warm
  const start = performance.now();
  work();
  return (performance.now() - start) / recorded.length; // ms per game
}
let sink = 0;
const replay = (withLegalMoves: boolean) => () => {
  for (const events of recorded) {
    let state = initialState();
    for (const event of events) {
      state = evolve(state, event);
      if (withLegalMoves) for (let seat = 0; seat < 4; seat++) sink += legalMoves(state, seat).length;
    }
  }
};
const playAll = (onStep?: () => void) => () => {
  for (let seed = 0; seed < recorded.length; seed++) {
    selfPlay({ seats: 4, random: seededRandom(seed), ...(onStep ? { onStep } : {}) });
  }
};
const scratchMs = timeIt(playAll());
const pureMs = timeIt(playAll(() => {}));
const evolveMs = timeIt(replay(false));
const legalMs = timeIt(replay(true)) - evolveMs;
// Self-play folds every event once (inside decide, which returns the state it reached) and asks
// legalMoves for every seat once per command; the rest is decide's own validation and flow.
const legalPerCommandMs = (legalMs * perGame.commands) / perGame.events;
const decideMs = Math.max(0, pureMs - evolveMs - legalPerCommandMs);
const share = (ms: number) => Math.round((ms / pureMs) * 100);
console.log(
  `per game (${perGame.events.toFixed(0)} events, ${perGame.commands.toFixed(0)} commands): ` +
    `${scratchMs.toFixed(3)} ms on a scratch game, ${pureMs.toFixed(3)} ms through decide and evolve; of the ` +
    `latter evolve ${share(evolveMs)}%, legalMoves ${share(legalPerCommandMs)}%, decide's checks and flow ` +
    `${share(decideMs)}% (sink ${sink % 10})`,
);

const figures = (name: string) => ({
  gamesPerSecond: medianOf(name, 'scratch', 'gamesPerSecond'),
  eventsPerSecond: medianOf(name, 'scratch', 'eventsPerSecond'),
  commandsPerSecond: medianOf(name, 'scratch', 'commandsPerSecond'),
  pure: {
    gamesPerSecond: medianOf(name, 'pure', 'gamesPerSecond'),
    eventsPerSecond: medianOf(name, 'pure', 'eventsPerSecond'),
  },
});
const mine = figures('this tree');
const baseline = trees[1] ? figures(trees[1].name) : null;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
if (baseline) {
  console.log(
    `this tree against the baseline: ${ratio(mine.gamesPerSecond, baseline.gamesPerSecond)}x the games/s ` +
      `(${mine.gamesPerSecond} against ${baseline.gamesPerSecond}); through decide and evolve ` +
      `${ratio(mine.pure.gamesPerSecond, baseline.pure.gamesPerSecond)}x (${mine.pure.gamesPerSecond} against ` +
      `${baseline.pure.gamesPerSecond})`,
  );
}

const result = {
  benchmark: 'engine',
  game: { set: 9, seats: 4, rules: 'default' },
  ...mine,
  eventsPerGame: Math.round(perGame.events),
  commandsPerGame: Math.round(perGame.commands),
  msPerGame: { scratch: Math.round(scratchMs * 1000) / 1000, pure: Math.round(pureMs * 1000) / 1000 },
  timeShare: { evolve: share(evolveMs), legalMoves: share(legalPerCommandMs), decide: share(decideMs) },
  ...(baseline && BASELINE
    ? {
        baseline: { tree: BASELINE, ...baseline },
        ratio: {
          gamesPerSecond: ratio(mine.gamesPerSecond, baseline.gamesPerSecond),
          pureGamesPerSecond: ratio(mine.pure.gamesPerSecond, baseline.pure.gamesPerSecond),
        },
      }
    : {}),
  node: process.version,
};
console.log(JSON.stringify(result));
