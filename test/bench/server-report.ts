/**
 * What `npm run bench:server` prints and reports: each durability's figures (server against its floor),
 * what syncing costs (synced against relaxed), cold start, the store floor, and the targets of issue 18
 * judged on the synced server, the one `npm start` runs.
 */
import type { Durability } from '@chickenfoot/store/embedded';
import { judge, latency, median, report, round, verdict, type Judged } from './stats';
import type { StoreFloor } from './store-floor';
import type { Usage } from './usage';

const TARGET = { p50Ms: 1.6, p99Ms: 6, movesPerSec: 800, cpuMsPerMove: 1.2, rssMb: 150, coldStartMs: 300 };
// Issue 27's: the command path against its floor (the issues' floor, a Query and the writes).
const PATH_TARGET = { cpuRatio: 1.15, throughputRatio: 0.9 };

type Writes = { synced: number; unsynced: number };

/** What one durability's server and floor measured, as it was collected. */
export interface Pass {
  samples: { move: number[]; floor: number[] };
  /** Each throughput round: moves/s and CPU a move of the server, the floor, and the writes-alone floor. */
  rounds: { moves: number; floor: number; writes: number; cpuMs: number; floorCpuMs: number; writesCpuMs: number }[];
  /** LevelDB writes of each single move (server) and POST (floor). */
  writes: { server: Writes[]; floor: Writes[] };
  usage?: Usage;
  floorUsage?: Usage;
}

/** Everything a run measured. */
export interface Measured {
  describe: string;
  concurrent: number;
  throughput: { rounds: number; seconds: number };
  coldRuns: number;
  passes: Record<Durability, Pass>;
  cold: { bare: number; script: number; npm: number };
  storeFloor: Record<Durability, { one: StoreFloor; move: StoreFloor }>;
  storeColdMs: number;
}

const ratio = (a: number, b: number) => round(a / b);
const mb = (bytes = 0) => round(bytes / 2 ** 20, 1);

const perMove = (writes: Writes[]) => ({
  synced: round(writes.reduce((n, w) => n + w.synced, 0) / writes.length),
  unsynced: round(writes.reduce((n, w) => n + w.unsynced, 0) / writes.length),
});

/** One durability's figures, from what its pass collected. */
function figures(pass: Pass) {
  const move = latency(pass.samples.move);
  const floor = latency(pass.samples.floor);
  const movesPerSec = round(median(pass.rounds.map((r) => r.moves)), 0);
  const floorPerSec = round(median(pass.rounds.map((r) => r.floor)), 0);
  const cpu = round(median(pass.rounds.map((r) => r.cpuMs)), 3);
  const floorCpu = round(median(pass.rounds.map((r) => r.floorCpuMs)), 3);
  const writesPerSec = round(median(pass.rounds.map((r) => r.writes)), 0);
  const writesCpu = round(median(pass.rounds.map((r) => r.writesCpuMs)), 3);
  // Rounds next to each other share the machine's mood: a ratio inside each round, then their median.
  const byRound = (of: (r: Pass['rounds'][number]) => number) => round(median(pass.rounds.map(of)));
  const u = pass.usage;
  return {
    latency: { move, floor, ratioP50: ratio(move.p50Ms, floor.p50Ms), ratioP99: ratio(move.p99Ms, floor.p99Ms) },
    throughput: { movesPerSec, floorPerSec, ratio: ratio(movesPerSec, floorPerSec), rounds: pass.rounds },
    cpuMsPerMove: cpu,
    floorCpuMsPerRequest: floorCpu,
    cpuRatio: ratio(cpu, floorCpu),
    roundByRound: {
      cpuRatio: byRound((r) => r.cpuMs / r.floorCpuMs),
      throughputRatio: byRound((r) => r.moves / r.floor),
    },
    writesAlone: {
      perSec: writesPerSec,
      cpuMsPerMove: writesCpu,
      throughputRatio: ratio(movesPerSec, writesPerSec),
      cpuRatio: ratio(cpu, writesCpu),
      roundByRound: {
        cpuRatio: byRound((r) => r.cpuMs / r.writesCpuMs),
        throughputRatio: byRound((r) => r.moves / r.writes),
      },
    },
    levelWritesPerMove: { server: perMove(pass.writes.server), floor: perMove(pass.writes.floor) },
    rssMb: mb(u?.rss),
    peakRssMb: mb(u?.maxRss),
    floorRssMb: mb(pass.floorUsage?.rss),
    heapMb: { used: mb(u?.heapUsed), total: mb(u?.heapTotal), external: mb(u?.external) },
  };
}
type Figures = ReturnType<typeof figures>;

type Judgeable = 'p50Ms' | 'p99Ms' | 'movesPerSec' | 'cpuMsPerMove' | 'rssMb' | 'coldStartMs' | 'coldStartWithNpmMs';

/** Judges a run's figures against the targets (moves/s at least, the rest at most). */
function judgeTargets(f: Record<Judgeable, number>): Record<Judgeable, Judged> {
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

function printDurability(name: Durability, f: Figures, m: Measured): void {
  const w = f.levelWritesPerMove;
  console.log(`[${name}]`);
  console.log(
    `  latency, one move at a time (${f.latency.move.samples} samples each): move p50 ${f.latency.move.p50Ms} ms p99 ${f.latency.move.p99Ms} ms; floor p50 ${f.latency.floor.p50Ms} ms p99 ${f.latency.floor.p99Ms} ms -> x${f.latency.ratioP50} at p50`,
  );
  console.log(
    `  LevelDB writes a move: server ${w.server.synced} synced + ${w.server.unsynced} not; floor ${w.floor.synced} synced + ${w.floor.unsynced} not`,
  );
  console.log(
    `  throughput, ${m.concurrent} games at once (median of ${m.throughput.rounds} rounds of ${m.throughput.seconds} s): ${f.throughput.movesPerSec} moves/s; floor ${f.throughput.floorPerSec}/s -> x${f.throughput.ratio}`,
  );
  console.log(
    `  server CPU per move: ${f.cpuMsPerMove} ms (floor ${f.floorCpuMsPerRequest} ms per request -> x${f.cpuRatio}; round by round x${f.roundByRound.cpuRatio}, throughput x${f.roundByRound.throughputRatio}); RSS after the run ${f.rssMb} MB, peak ${f.peakRssMb} MB (floor ${f.floorRssMb} MB); V8 heap ${f.heapMb.used} of ${f.heapMb.total} MB, external ${f.heapMb.external} MB`,
  );
  const a = f.writesAlone;
  console.log(
    `  against a move's writes alone (floor-server.ts /writes/: no read, as the cached server; the store's guarded writes): ${a.perSec}/s -> x${a.throughputRatio} (round by round x${a.roundByRound.throughputRatio}); CPU ${a.cpuMsPerMove} ms a move -> x${a.cpuRatio} (round by round x${a.roundByRound.cpuRatio})`,
  );
  const floorLine = (s: StoreFloor) =>
    `p50 ${s.p50Ms} ms p99 ${s.p99Ms} ms, ${s.perSec} moves/s with ${m.concurrent} streams, CPU ${s.cpuMsPerMove} ms a move, ${s.syncedWritesPerMove} synced + ${s.unsyncedWritesPerMove} other writes a move, RSS ${s.rssMb} MB`;
  const store = m.storeFloor[name];
  console.log(
    `  store floor (store-floor.ts: the SDK in-process, no server): a move's three writes ${floorLine(store.move)}; one write ${floorLine(store.one)}`,
  );
}

/** Synced against relaxed: the cost of putting every write on disk before answering. */
function costOfSyncing(s: Figures, r: Figures, m: Measured) {
  const store = (d: Durability) => m.storeFloor[d].move;
  return {
    server: {
      p50: ratio(s.latency.move.p50Ms, r.latency.move.p50Ms),
      p99: ratio(s.latency.move.p99Ms, r.latency.move.p99Ms),
      movesPerSec: ratio(s.throughput.movesPerSec, r.throughput.movesPerSec),
      cpuMsPerMove: ratio(s.cpuMsPerMove, r.cpuMsPerMove),
    },
    floor: {
      p50: ratio(s.latency.floor.p50Ms, r.latency.floor.p50Ms),
      p99: ratio(s.latency.floor.p99Ms, r.latency.floor.p99Ms),
      perSec: ratio(s.throughput.floorPerSec, r.throughput.floorPerSec),
      cpuMsPerRequest: ratio(s.floorCpuMsPerRequest, r.floorCpuMsPerRequest),
    },
    storeFloor: {
      p50: ratio(store('synced').p50Ms, store('relaxed').p50Ms),
      p99: ratio(store('synced').p99Ms, store('relaxed').p99Ms),
      perSec: ratio(store('synced').perSec, store('relaxed').perSec),
      cpuMsPerMove: ratio(store('synced').cpuMsPerMove, store('relaxed').cpuMsPerMove),
    },
  };
}

const NAMES: Record<Judgeable, string> = {
  p50Ms: `move p50 <= ${TARGET.p50Ms} ms`,
  p99Ms: `move p99 <= ${TARGET.p99Ms} ms`,
  movesPerSec: `>= ${TARGET.movesPerSec} moves/s with 50 games`,
  cpuMsPerMove: `server CPU <= ${TARGET.cpuMsPerMove} ms per move`,
  rssMb: `RSS <= ${TARGET.rssMb} MB after the run`,
  coldStartMs: `cold start <= ${TARGET.coldStartMs} ms (without npm)`,
  coldStartWithNpmMs: `cold start <= ${TARGET.coldStartMs} ms (npm start)`,
};

/** Prints the run's figures, judges the targets on the synced server, and reports it all as JSON. */
export function printAndReport(m: Measured): void {
  const byDurability = { synced: figures(m.passes.synced), relaxed: figures(m.passes.relaxed) };
  const s = byDurability.synced;
  console.log(
    `server: ${m.describe}; floors: node:http + raw SDK, a move's DynamoDB work, synced alike (floor-server.ts)`,
  );
  for (const name of ['synced', 'relaxed'] as const) printDurability(name, byDurability[name], m);
  const cost = costOfSyncing(s, byDurability.relaxed, m);
  console.log(
    `cost of syncing (synced / relaxed): server p50 x${cost.server.p50} p99 x${cost.server.p99}, moves/s x${cost.server.movesPerSec}, CPU a move x${cost.server.cpuMsPerMove}; floor p50 x${cost.floor.p50} p99 x${cost.floor.p99}, /s x${cost.floor.perSec}; store floor p50 x${cost.storeFloor.p50} p99 x${cost.storeFloor.p99}, moves/s x${cost.storeFloor.perSec}`,
  );
  console.log(
    `cold start to the first answered request (median of ${m.coldRuns}, synced): npm start ${m.cold.npm} ms, its script without npm ${m.cold.script} ms; node -e 0 ${m.cold.bare} ms (so ${round(m.cold.script - m.cold.bare, 1)} ms beyond bare node); store floor to its first write ${m.storeColdMs} ms`,
  );
  const targets = judgeTargets({
    p50Ms: s.latency.move.p50Ms,
    p99Ms: s.latency.move.p99Ms,
    movesPerSec: s.throughput.movesPerSec,
    cpuMsPerMove: s.cpuMsPerMove,
    rssMb: s.rssMb,
    coldStartMs: m.cold.script,
    coldStartWithNpmMs: m.cold.npm,
  });
  // Each target judged on the (synced) store floor of a move's writes too: one it misses, no server
  // that writes what a move writes, as durably, can meet on dynalite.
  const floor = m.storeFloor.synced.move;
  const reachable = judgeTargets({
    p50Ms: floor.p50Ms,
    p99Ms: floor.p99Ms,
    movesPerSec: floor.perSec,
    cpuMsPerMove: floor.cpuMsPerMove,
    rssMb: floor.rssMb,
    coldStartMs: m.storeColdMs,
    coldStartWithNpmMs: m.storeColdMs,
  });
  console.log('targets, on the synced server (npm start):');
  for (const [name, j] of Object.entries(targets) as [Judgeable, Judged][]) {
    const out = reachable[name].pass
      ? ''
      : `; a move's writes alone: ${reachable[name].value}, out of reach on dynalite`;
    console.log(`  ${verdict(j)}  ${NAMES[name]}: ${j.value}${out}`);
  }
  const path = {
    cpuRatio: judge(s.cpuRatio, 'atMost', PATH_TARGET.cpuRatio),
    throughputRatio: judge(s.throughput.ratio, 'atLeast', PATH_TARGET.throughputRatio),
  };
  console.log('targets of the command path (issue 27), on the synced server against its floor:');
  console.log(
    `  ${verdict(path.cpuRatio)}  CPU a move <= x${PATH_TARGET.cpuRatio} the floor's: x${s.cpuRatio} (round by round x${s.roundByRound.cpuRatio})`,
  );
  console.log(
    `  ${verdict(path.throughputRatio)}  throughput >= x${PATH_TARGET.throughputRatio} the floor's: x${s.throughput.ratio} (round by round x${s.roundByRound.throughputRatio})`,
  );
  report('server', {
    server: m.describe,
    ...s,
    durability: { ...byDurability, costOfSyncing: cost },
    coldStartMs: { npmStart: m.cold.npm, withoutNpm: m.cold.script, bareNode: m.cold.bare, runs: m.coldRuns },
    storeFloor: { ...m.storeFloor, coldStartMs: m.storeColdMs },
    targets,
    commandPath: path,
    reachableOnDynalite: Object.fromEntries(Object.entries(reachable).map(([name, j]) => [name, j.pass])),
    allPass: Object.values(targets).every((t) => t.pass),
  });
}
