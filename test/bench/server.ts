/**
 * `npm run bench:server`: `npm start`'s server in a process of its own, as the comparison
 * measured it (double-9, 4 seats, whole games), against a floor server doing a move's DynamoDB work
 * with nothing else (floor-server.ts: the issues' floor, a Query and the writes; and, in the
 * throughput rounds, the writes alone as the cached server makes them), both on dynalite with their data on disk, in one run, and
 * each twice: with every write synced to disk before the answer (DURABILITY=synced, the default) and
 * without (relaxed). A server and its floor always sync alike, so their ratios compare like with like;
 * synced against relaxed is what the promise "a move answered survives a power loss" costs.
 *   latency     one move at a time (a POST; the seat's client knows the game, see `referee`), each
 *               server and floor taking turns in rounds, equal samples: p50/p99.
 *   flushes     LevelDB writes per move, synced (a flush each; LevelDB shares one between writes in
 *               flight together) and not, counted in each process on LevelDB's binding, one move at
 *               a time (the POST alone).
 *   throughput  50 games at once for a few seconds, servers and floors in alternating rounds:
 *               moves/s, and the server's CPU per move (its own process.cpuUsage, over IPC), RSS after;
 *               each ratio also round by round (the median of the rounds' own ratios), since
 *               rounds next to each other share the machine's mood.
 *   cold start  fresh processes, from spawn to the answer to a first request (a registration): `npm
 *               start`, its script without npm, and `node -e 0`, in alternating rounds, on a data
 *               folder made by an earlier start (synced, the default).
 * The server is test/bench/server-entry.ts: `npm start`'s own startLocalServer, built and run as
 * `npm start` runs local.ts, with seeded deals so that the clients can replicate each game (as
 * a move's floor knows what to write). The clients run in this process, the servers in theirs.
 *   store floor the least a move costs on dynalite (store-floor.ts: a move's three writes, and one
 *               write, with no server), synced and relaxed, alone after the rest: each target is
 *               judged on the synced one too, and one it misses is out of reach on dynalite.
 * Targets (issue 18) judged at the end, on the synced server (what `npm start` runs). Last line: one
 * JSON object (also in .tmp/bench/server.json).
 * SERVER_NODE_OPTIONS=<flags> runs the servers (not the floors) with other Node/V8 flags, to weigh
 * memory against CPU (e.g. `--max-old-space-size=96`: RSS 193 MB instead of ~300, but 3.1 ms of CPU
 * a move instead of ~2.4); SERVER_NODE_ARGS=<flags> passes flags NODE_OPTIONS may not carry (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile of each server, written when it stops). BENCH_SERVER_QUICK=1: a tiny run (seconds), to see that it runs; its
 * figures mean nothing.
 */
import { DURABILITIES, type Durability } from '@chickenfoot/store/embedded';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { referee } from './api-bots';
import { benchBuild, startCommand, type BenchBuild } from './server-build';
import { coldStart, cpuMs, floorPost, loops, runStoreFloor, startNode, type Running } from './server-processes';
import { printAndReport, type Measured, type Pass } from './server-report';
import { median, round } from './stats';
import type { Usage } from './usage';

const QUICK = process.env.BENCH_SERVER_QUICK === '1';
const WARM_UP = QUICK ? 5 : 200;
const ROUNDS = QUICK ? 1 : 8;
const PER_ROUND = QUICK ? 5 : 60;
const FLUSH_MOVES = QUICK ? 10 : 100;
const CONCURRENT = 50;
const THROUGHPUT_ROUNDS = QUICK ? 1 : 3;
const THROUGHPUT_SECONDS = QUICK ? 0.5 : 4;
const COLD_RUNS = QUICK ? 1 : 11;

const REPO = new URL('../../', import.meta.url).pathname;

/** One durability's server and floor, their clients, and what was measured of them. */
interface Pair {
  durability: Durability;
  server: Running;
  floor: Running;
  one: ReturnType<typeof referee>;
  games: ReturnType<typeof referee>[];
  pass: Pass;
}

async function startPair(built: BenchBuild, scratch: string, durability: Durability, index: number): Promise<Pair> {
  const server = await startNode([...(process.env.SERVER_NODE_ARGS?.split(' ') ?? []), ...built.server], {
    DATA_DIR: join(scratch, `server-${durability}`),
    DURABILITY: durability,
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
  });
  const floor = await startNode([...built.floor], {
    DATA_DIR: join(scratch, `floor-${durability}`),
    DURABILITY: durability,
  });
  const seed = 1 + 1000 * index;
  return {
    durability,
    server,
    floor,
    one: referee(server.url, seed),
    games: Array.from({ length: CONCURRENT }, (_, i) => referee(server.url, seed + 100 + i)),
    pass: { samples: { move: [], floor: [] }, rounds: [], writes: { server: [], floor: [] } },
  };
}

async function timedMove(pair: Pair, into: number[]): Promise<void> {
  const post = await pair.one.prepare();
  const start = performance.now();
  const settle = await post();
  into.push(performance.now() - start);
  settle();
}

async function timedFloor(pair: Pair, into: number[]): Promise<void> {
  const start = performance.now();
  await floorPost(pair.floor.url, 'latency');
  into.push(performance.now() - start);
}

const writesBetween = (a: Usage, b: Usage) => ({
  synced: b.levelWrites.synced - a.levelWrites.synced,
  unsynced: b.levelWrites.unsynced - a.levelWrites.unsynced,
});

/** LevelDB writes of single moves (the POST alone: a new game is set up before the count starts). */
async function countWrites(pair: Pair): Promise<void> {
  for (let i = 0; i < FLUSH_MOVES; i++) {
    const post = await pair.one.prepare();
    const before = await pair.server.usage();
    const settle = await post();
    pair.pass.writes.server.push(writesBetween(before, await pair.server.usage()));
    settle();
    const floorBefore = await pair.floor.usage();
    await floorPost(pair.floor.url, 'flushes');
    pair.pass.writes.floor.push(writesBetween(floorBefore, await pair.floor.usage()));
  }
}

async function throughputRound(pair: Pair): Promise<void> {
  const before = await pair.server.usage();
  let moves = 0;
  const perSecond = await loops(CONCURRENT, THROUGHPUT_SECONDS, async (i) => {
    await pair.games[i]!.move();
    moves++;
  });
  const after = await pair.server.usage();
  const floorBefore = await pair.floor.usage();
  let posts = 0;
  const floorPerSecond = await loops(CONCURRENT, THROUGHPUT_SECONDS, async (i) => {
    await floorPost(pair.floor.url, `tp-${i}`);
    posts++;
  });
  const floorAfter = await pair.floor.usage();
  let writes = 0;
  const writesPerSecond = await loops(CONCURRENT, THROUGHPUT_SECONDS, async (i) => {
    await floorPost(pair.floor.url, `w-${i}`, 'writes');
    writes++;
  });
  const writesAfter = await pair.floor.usage();
  pair.pass.rounds.push({
    moves: perSecond,
    floor: floorPerSecond,
    writes: writesPerSecond,
    cpuMs: cpuMs(before, after) / moves,
    floorCpuMs: cpuMs(floorBefore, floorAfter) / posts,
    writesCpuMs: cpuMs(floorAfter, writesAfter) / writes,
  });
}

/** Latency, writes per move and throughput of every pair, the pairs taking turns in each round. */
async function measurePairs(pairs: Pair[]): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) {
    for (const pair of pairs) {
      await timedMove(pair, []);
      await timedFloor(pair, []);
    }
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const pair of pairs) {
      for (let i = 0; i < PER_ROUND; i++) await timedMove(pair, pair.pass.samples.move);
      for (let i = 0; i < PER_ROUND; i++) await timedFloor(pair, pair.pass.samples.floor);
    }
  }
  for (const pair of pairs) await countWrites(pair);
  for (const pair of pairs) {
    await Promise.all(pair.games.map((g) => g.move())); // seat every game: registering and joining are not moves
    await loops(CONCURRENT, QUICK ? 0.2 : 1, (i) => pair.games[i]!.move());
    await loops(CONCURRENT, QUICK ? 0.2 : 1, (i) => floorPost(pair.floor.url, `tp-${i}`));
    await loops(CONCURRENT, QUICK ? 0.2 : 1, (i) => floorPost(pair.floor.url, `w-${i}`, 'writes'));
  }
  for (let r = 0; r < THROUGHPUT_ROUNDS; r++) for (const pair of pairs) await throughputRound(pair);
  for (const pair of pairs) {
    pair.pass.usage = await pair.server.usage();
    pair.pass.floorUsage = await pair.floor.usage();
  }
}

/** Cold starts of `npm start` (synced, its default), its script, and bare node, in alternating rounds. */
async function coldStarts(scratch: string): Promise<Measured['cold']> {
  const start = startCommand();
  const coldDir = join(scratch, 'cold');
  await coldStart(start.npm, {}, coldDir);
  const cold = { bare: [] as number[], script: [] as number[], npm: [] as number[] };
  for (let i = 0; i < COLD_RUNS + 1; i++) {
    const t0 = performance.now();
    await new Promise((resolve) => spawn(process.execPath, ['-e', '0']).once('exit', resolve));
    const bare = performance.now() - t0;
    const script = await coldStart(start.script, start.env, coldDir);
    const npm = await coldStart(start.npm, {}, coldDir);
    if (i === 0) continue; // the first round warms the OS's file cache
    cold.bare.push(bare);
    cold.script.push(script);
    cold.npm.push(npm);
  }
  return { bare: round(median(cold.bare), 1), script: round(median(cold.script), 1), npm: round(median(cold.npm), 1) };
}

/** The store floor (a move's writes; one write), each durability, then its cold start (synced). */
async function storeFloors(built: BenchBuild, scratch: string): Promise<Pick<Measured, 'storeFloor' | 'storeColdMs'>> {
  const dir = (name: string) => join(scratch, `store-floor-${name}`);
  const storeFloor = {} as Measured['storeFloor'];
  for (const durability of DURABILITIES) {
    const env = { DURABILITY: durability };
    storeFloor[durability] = {
      one: await runStoreFloor(built.storeFloor, dir(`one-${durability}`), 'one', env),
      move: await runStoreFloor(built.storeFloor, dir(`move-${durability}`), 'move', env),
    };
  }
  const storeCold: number[] = [];
  for (let i = 0; i < COLD_RUNS + 1; i++) {
    const ms = await runStoreFloor(built.storeFloor, dir('one-synced'), 'cold');
    if (i > 0) storeCold.push(ms); // the first round warms the OS's file cache
  }
  return { storeFloor, storeColdMs: round(median(storeCold), 1) };
}

async function main(): Promise<void> {
  // Under the repo, so that what is left out of the bundles (dynalite) resolves from node_modules.
  mkdirSync(join(REPO, '.tmp'), { recursive: true });
  const scratch = mkdtempSync(join(REPO, '.tmp', 'bench-server-'));
  const built = await benchBuild(join(scratch, 'build'));
  const pairs: Pair[] = [];
  try {
    for (const [index, durability] of DURABILITIES.entries())
      pairs.push(await startPair(built, scratch, durability, index));
    await measurePairs(pairs);
    for (const pair of pairs) await Promise.all([pair.server.stop(), pair.floor.stop()]);
    const cold = await coldStarts(scratch);
    const floors = await storeFloors(built, scratch);
    printAndReport({
      describe: built.describe,
      concurrent: CONCURRENT,
      throughput: { rounds: THROUGHPUT_ROUNDS, seconds: THROUGHPUT_SECONDS },
      coldRuns: COLD_RUNS,
      passes: Object.fromEntries(pairs.map((p) => [p.durability, p.pass])) as Measured['passes'],
      cold,
      ...floors,
    });
  } finally {
    for (const pair of pairs) await Promise.all([pair.server.stop(), pair.floor.stop()]);
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
