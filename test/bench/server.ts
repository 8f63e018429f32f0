/**
 * `npm run bench:server`: `npm start`'s server in a process of its own, as the comparison
 * measured it (double-9, 4 seats, whole games), against a floor server doing the same DynamoDB work
 * with nothing else (floor-server.ts), both on dynalite with their data on disk, in one run:
 *   latency     one move at a time (a POST; the seat's client knows the game, see `referee`), the
 *               server and the floor taking turns in rounds, equal samples: p50/p99.
 *   throughput  50 games at once for a few seconds, server and floor in alternating rounds: moves/s,
 *               and the server's CPU per move (its own process.cpuUsage, over IPC), RSS after.
 *   cold start  fresh processes, from spawn to the answer to a first request (a registration): `npm
 *               start`, its script without npm, and `node -e 0`, in alternating rounds, on a data
 *               folder made by an earlier start.
 * The server is test/bench/server-entry.ts: `npm start`'s own startLocalServer, built and run as
 * `npm start` runs local.ts, with seeded deals so that the clients can replicate each game (as
 * a move's floor knows what to write). The clients run in this process, the servers in theirs.
 *   store floor the least a move costs on dynalite (store-floor.ts: a move's three writes, and one
 *               write, with no server), alone after the rest: each target is judged on the first too,
 *               and one it misses is out of reach on dynalite.
 * Targets (issue 18) judged at the end. Last line: one JSON object (also in .tmp/bench/server.json).
 * SERVER_NODE_OPTIONS=<flags> runs the server (not the floor) with other Node/V8 flags, to weigh memory
 * against CPU (e.g. `--max-old-space-size=96`: RSS 193 MB instead of ~300, but 3.1 ms of CPU
 * a move instead of ~2.4).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { nodeSend, referee } from './api-bots';
import { benchBuild, startCommand } from './server-build';
import { judge, latency, median, report, round, verdict, type Judged } from './stats';
import type { StoreFloor } from './store-floor';
import type { Usage } from './usage';

const ROUNDS = 8;
const PER_ROUND = 60;
const CONCURRENT = 50;
const THROUGHPUT_ROUNDS = 3;
const THROUGHPUT_SECONDS = 4;
const COLD_RUNS = 11;
const TARGET = { p50Ms: 1.6, p99Ms: 6, movesPerSec: 800, cpuMsPerMove: 1.2, rssMb: 150, coldStartMs: 300 };

const REPO = new URL('../../', import.meta.url).pathname;

/** A server process the bench started, with its URL and a way to ask for its usage. */
interface Running {
  url: string;
  usage(): Promise<Usage>;
  stop(): Promise<void>;
}

/** Spawns `node args` with an IPC channel; resolves once it prints `listening <url>`. */
function startNode(args: string[], env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /listening (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      // From here on its log lines are read and dropped, as a terminal would show and forget them.
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      child.stderr?.removeAllListeners('data').resume();
      resolve(running(child, url));
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening: ${out}`)));
  });
}

function running(child: ChildProcess, url: string): Running {
  return {
    url,
    usage: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as Usage));
        child.send('usage');
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const cpuMs = (a: Usage, b: Usage) => (b.cpu.user - a.cpu.user + b.cpu.system - a.cpu.system) / 1000;

/** Runs `step` in `count` loops at once for `seconds`; returns how many steps finished per second. */
async function loops(count: number, seconds: number, step: (i: number) => Promise<unknown>): Promise<number> {
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      while (performance.now() < until) {
        await step(i);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** One POST to the floor server, as a move's client would send it. */
const floorPost = (url: string, stream: string) =>
  nodeSend(`${url}/floor/${stream}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'if-match': '"1"', 'idempotency-key': 'k'.repeat(36) },
    body: JSON.stringify({ type: 'play', tile: '6-4', on: 0 }),
  }).then((res) => {
    if (res.status !== 200) throw new Error(`floor answered ${res.status}`);
  });

/** Wall time from spawning `command` (in its own process group) to the answer of a first registration. */
async function coldStart(command: string[], env: Record<string, string>, dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}: ${out}`)));
  });
  const answer = await nodeSend(`${url}/v1/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Cold' }),
  });
  const ms = performance.now() - started;
  if (answer.status !== 201) throw new Error(`first request answered ${answer.status}`);
  // The whole group: npm, its shell and the server. Then wait until the server let go of the folder.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  const lock = join(dataDir, 'dynamo', 'dynalite.lock');
  for (let i = 0; i < 500 && existsSync(lock); i++) await new Promise((r) => setTimeout(r, 10));
  return ms;
}

type Figures = Record<
  'p50Ms' | 'p99Ms' | 'movesPerSec' | 'cpuMsPerMove' | 'rssMb' | 'coldStartMs' | 'coldStartWithNpmMs',
  number
>;

/** Judges a run's figures against the targets (moves/s at least, the rest at most). */
function judgeTargets(f: Figures): Record<keyof Figures, Judged> {
  return {
    p50Ms: judge(f.p50Ms, 'atMost', TARGET.p50Ms),
    p99Ms: judge(f.p99Ms, 'atMost', TARGET.p99Ms),
    movesPerSec: judge(f.movesPerSec, 'atLeast', TARGET.movesPerSec),
    cpuMsPerMove: judge(f.cpuMsPerMove, 'atMost', TARGET.cpuMsPerMove),
    rssMb: judge(f.rssMb, 'atMost', TARGET.rssMb),
    coldStartMs: judge(f.coldStartMs, 'atMost', TARGET.coldStartMs),
    coldStartWithNpmMs: judge(f.coldStartWithNpmMs, 'atMost', TARGET.coldStartMs),
  };
}

/**
 * Runs store-floor.ts (`node args`) one `way` (see there): `cold` resolves with the time from spawn to
 * its `ready` (its first write answered); the others with the figures its last line reports.
 */
function runStoreFloor(args: string[], dataDir: string, way: 'cold'): Promise<number>;
function runStoreFloor(args: string[], dataDir: string, way: 'one' | 'move'): Promise<StoreFloor>;
function runStoreFloor(args: string[], dataDir: string, way: 'cold' | 'one' | 'move'): Promise<number | StoreFloor> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...args, way], {
    cwd: REPO,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let ready = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (!ready && out.includes('ready\n')) ready = performance.now() - t0;
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0 || !ready) return reject(new Error(`store-floor.ts failed (${code}): ${out}`));
      resolve(way === 'cold' ? ready : (JSON.parse(out.trim().split('\n').at(-1) ?? '') as StoreFloor));
    }),
  );
}

async function main(): Promise<void> {
  // Under the repo, so that what is left out of the bundles (dynalite) resolves from node_modules.
  mkdirSync(join(REPO, '.tmp'), { recursive: true });
  const scratch = mkdtempSync(join(REPO, '.tmp', 'bench-server-'));
  const built = await benchBuild(join(scratch, 'build'));
  const started: Running[] = [];
  try {
    const server = await startNode([...built.server], {
      DATA_DIR: join(scratch, 'server'),
      ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    });
    started.push(server);
    const floor = await startNode([...built.floor], { DATA_DIR: join(scratch, 'floor') });
    started.push(floor);
    // Latency: one move at a time, the server and the floor taking turns in rounds.
    const one = referee(server.url, 1);
    const samples = { move: [] as number[], floor: [] as number[] };
    const timedMove = async (into: number[]) => {
      const post = await one.prepare();
      const start = performance.now();
      const settle = await post();
      into.push(performance.now() - start);
      settle();
    };
    const timedFloor = async (into: number[]) => {
      const start = performance.now();
      await floorPost(floor.url, 'latency');
      into.push(performance.now() - start);
    };
    for (let i = 0; i < 200; i++) {
      await timedMove([]);
      await timedFloor([]);
    }
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < PER_ROUND; i++) await timedMove(samples.move);
      for (let i = 0; i < PER_ROUND; i++) await timedFloor(samples.floor);
    }

    // Throughput: 50 games at once, alternating with 50 floor loops, each round on the same games.
    const games = Array.from({ length: CONCURRENT }, (_, i) => referee(server.url, 100 + i));
    await Promise.all(games.map((g) => g.move())); // seat every game: registering and joining are not moves
    await loops(CONCURRENT, 1, (i) => games[i]!.move());
    await loops(CONCURRENT, 1, (i) => floorPost(floor.url, `tp-${i}`));
    const rounds: { moves: number; floor: number; cpuMs: number; floorCpuMs: number }[] = [];
    for (let r = 0; r < THROUGHPUT_ROUNDS; r++) {
      const before = await server.usage();
      let moves = 0;
      const perSecond = await loops(CONCURRENT, THROUGHPUT_SECONDS, async (i) => {
        await games[i]!.move();
        moves++;
      });
      const after = await server.usage();
      const floorBefore = await floor.usage();
      let posts = 0;
      const floorPerSecond = await loops(CONCURRENT, THROUGHPUT_SECONDS, async (i) => {
        await floorPost(floor.url, `tp-${i}`);
        posts++;
      });
      const floorAfter = await floor.usage();
      rounds.push({
        moves: perSecond,
        floor: floorPerSecond,
        cpuMs: cpuMs(before, after) / moves,
        floorCpuMs: cpuMs(floorBefore, floorAfter) / posts,
      });
    }
    const serverUsage = await server.usage();
    const floorUsage = await floor.usage();

    // Cold start: a data folder made by one start, then fresh processes in alternating rounds.
    await server.stop();
    await floor.stop();
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

    // The least a move costs on dynalite (one write; a move's three writes; no server), each alone in a
    // process of its own after the servers stopped.
    const storeDir = (way: string) => join(scratch, `store-floor-${way}`);
    const storeFloor = {
      one: await runStoreFloor(built.storeFloor, storeDir('one'), 'one'),
      move: await runStoreFloor(built.storeFloor, storeDir('move'), 'move'),
    };
    const storeCold: number[] = [];
    for (let i = 0; i < COLD_RUNS + 1; i++) {
      const ms = await runStoreFloor(built.storeFloor, storeDir('one'), 'cold');
      if (i > 0) storeCold.push(ms); // the first round warms the OS's file cache
    }
    const storeColdMs = round(median(storeCold), 1);

    const move = latency(samples.move);
    const floorLatency = latency(samples.floor);
    const movesPerSec = round(median(rounds.map((r) => r.moves)), 0);
    const floorPerSec = round(median(rounds.map((r) => r.floor)), 0);
    const cpu = round(median(rounds.map((r) => r.cpuMs)), 3);
    const floorCpu = round(median(rounds.map((r) => r.floorCpuMs)), 3);
    const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
    const coldMs = {
      bare: round(median(cold.bare), 1),
      script: round(median(cold.script), 1),
      npm: round(median(cold.npm), 1),
    };
    const targets = judgeTargets({
      p50Ms: move.p50Ms,
      p99Ms: move.p99Ms,
      movesPerSec,
      cpuMsPerMove: cpu,
      rssMb: mb(serverUsage.rss),
      coldStartMs: coldMs.script,
      coldStartWithNpmMs: coldMs.npm,
    });
    // Each target judged on the store floor of a move's writes too: one it misses, no server that
    // writes what a move writes can meet on dynalite; the floor of one write shows what fewer would buy.
    const reachable = judgeTargets({
      p50Ms: storeFloor.move.p50Ms,
      p99Ms: storeFloor.move.p99Ms,
      movesPerSec: storeFloor.move.perSec,
      cpuMsPerMove: storeFloor.move.cpuMsPerMove,
      rssMb: storeFloor.move.rssMb,
      coldStartMs: storeColdMs,
      coldStartWithNpmMs: storeColdMs,
    });

    const ratio = (a: number, b: number) => round(a / b);
    console.log(`server: ${built.describe}; floor: node:http + raw SDK, the same DynamoDB work (floor-server.ts)`);
    console.log(
      `latency, one move at a time (${move.samples} samples each): move p50 ${move.p50Ms} ms p99 ${move.p99Ms} ms; floor p50 ${floorLatency.p50Ms} ms p99 ${floorLatency.p99Ms} ms -> x${ratio(move.p50Ms, floorLatency.p50Ms)} at p50`,
    );
    console.log(
      `throughput, ${CONCURRENT} games at once (median of ${THROUGHPUT_ROUNDS} rounds of ${THROUGHPUT_SECONDS} s): ${movesPerSec} moves/s; floor ${floorPerSec}/s -> x${ratio(movesPerSec, floorPerSec)}`,
    );
    console.log(
      `server CPU per move: ${cpu} ms (floor ${floorCpu} ms per request -> x${ratio(cpu, floorCpu)}); RSS after the run ${mb(serverUsage.rss)} MB, peak ${mb(serverUsage.maxRss)} MB (floor ${mb(floorUsage.rss)} MB)`,
    );
    console.log(
      `  memory after the run: V8 heap ${mb(serverUsage.heapUsed)} of ${mb(serverUsage.heapTotal)} MB, external ${mb(serverUsage.external)} MB (floor: heap ${mb(floorUsage.heapUsed)} of ${mb(floorUsage.heapTotal)} MB)`,
    );
    console.log(
      `cold start to the first answered request (median of ${COLD_RUNS}): npm start ${coldMs.npm} ms, its script without npm ${coldMs.script} ms; node -e 0 ${coldMs.bare} ms (so ${round(coldMs.script - coldMs.bare, 1)} ms beyond bare node)`,
    );
    const floorLine = (f: StoreFloor) =>
      `p50 ${f.p50Ms} ms p99 ${f.p99Ms} ms, ${f.perSec} moves/s with ${CONCURRENT} streams, CPU ${f.cpuMsPerMove} ms a move, RSS ${f.rssMb} MB`;
    console.log(
      `store floor, the least a move costs on dynalite (store-floor.ts: the SDK in-process, no server): with a move's three writes (the commit, two turn entries) ${floorLine(storeFloor.move)}; with one write ${floorLine(storeFloor.one)}; cold start to the first write ${storeColdMs} ms`,
    );
    const names: Record<string, string> = {
      p50Ms: `move p50 <= ${TARGET.p50Ms} ms`,
      p99Ms: `move p99 <= ${TARGET.p99Ms} ms`,
      movesPerSec: `>= ${TARGET.movesPerSec} moves/s with ${CONCURRENT} games`,
      cpuMsPerMove: `server CPU <= ${TARGET.cpuMsPerMove} ms per move`,
      rssMb: `RSS <= ${TARGET.rssMb} MB after the run`,
      coldStartMs: `cold start <= ${TARGET.coldStartMs} ms (without npm)`,
      coldStartWithNpmMs: `cold start <= ${TARGET.coldStartMs} ms (npm start)`,
    };
    for (const [name, j] of Object.entries(targets)) {
      const floor = reachable[name as keyof Figures];
      const reach = floor && !floor.pass ? `; a move's writes alone: ${floor.value}, out of reach on dynalite` : '';
      console.log(`  ${verdict(j)}  ${names[name]}: ${j.value}${reach}`);
    }
    report('server', {
      server: built.describe,
      latency: {
        move,
        floor: floorLatency,
        ratioP50: ratio(move.p50Ms, floorLatency.p50Ms),
        ratioP99: ratio(move.p99Ms, floorLatency.p99Ms),
      },
      throughput: {
        concurrentGames: CONCURRENT,
        movesPerSec,
        floorPerSec,
        ratio: ratio(movesPerSec, floorPerSec),
        rounds,
      },
      cpuMsPerMove: cpu,
      floorCpuMsPerRequest: floorCpu,
      cpuRatio: ratio(cpu, floorCpu),
      rssMb: mb(serverUsage.rss),
      peakRssMb: mb(serverUsage.maxRss),
      floorRssMb: mb(floorUsage.rss),
      heapMb: { used: mb(serverUsage.heapUsed), total: mb(serverUsage.heapTotal), external: mb(serverUsage.external) },
      coldStartMs: { npmStart: coldMs.npm, withoutNpm: coldMs.script, bareNode: coldMs.bare, runs: COLD_RUNS },
      storeFloor: { ...storeFloor, coldStartMs: storeColdMs },
      targets,
      reachableOnDynalite: Object.fromEntries(Object.entries(reachable).map(([name, j]) => [name, j.pass])),
      allPass: Object.values(targets).every((t) => t.pass),
    });
  } finally {
    for (const s of started) await s.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
