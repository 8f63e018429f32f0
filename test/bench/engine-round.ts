/**
 * One round of `npm run bench:engine`, in a process of its own: plays self-play games with one tree's
 * rules, one way, for a while, and prints one JSON line with its rates. A process per round keeps the
 * trees apart: in one process, the second tree measured ran a tenth or more slower than alone (the
 * first's garbage and code share its heap), which flattered whichever tree was measured against it.
 *   argv: <tree: a checkout's root, or '' for this one> <way: scratch | pure> <seconds> <first seed>
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What a tree's rules must offer to be measured (every version since the benchmark began does). */
interface Engine {
  readonly selfPlay: (options: { seats: number; random: (bound: number) => number; onStep?: () => void }) => {
    events: readonly unknown[];
    commands: number;
  };
  readonly seededRandom: (seed: number) => (bound: number) => number;
}

/** The rates of one round. */
export interface Round {
  gamesPerSecond: number;
  eventsPerSecond: number;
  commandsPerSecond: number;
}

function playFor(engine: Engine, way: string, seconds: number, firstSeed: number): Round {
  let games = 0;
  let events = 0;
  let commands = 0;
  // An onStep that does nothing makes selfPlay fold through decide and evolve, a new state per event.
  const onStep = way === 'pure' ? { onStep: () => {} } : {};
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const result = engine.selfPlay({ seats: 4, random: engine.seededRandom(firstSeed + games), ...onStep });
    games++;
    events += result.events.length;
    commands += result.commands;
  }
  const elapsed = (performance.now() - start) / 1000;
  return { gamesPerSecond: games / elapsed, eventsPerSecond: events / elapsed, commandsPerSecond: commands / elapsed };
}

const [tree = '', way = 'scratch', seconds = '2', seed = '0'] = process.argv.slice(2);
const entry = tree
  ? pathToFileURL(resolve(tree, 'packages/rules/src/index.ts')).href
  : new URL('../../packages/rules/src/index.ts', import.meta.url).href;
const engine = (await import(entry)) as Engine;
// Warm-up: let the JIT settle on this way before measuring (other seeds than the measured ones).
playFor(engine, way, 1, 1_000_000);
console.log(JSON.stringify(playFor(engine, way, Number(seconds), Number(seed))));
