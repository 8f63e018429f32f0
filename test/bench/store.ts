/**
 * `npm run bench:store`: what the event store adds to the DynamoDB work of a move, on one in-process
 * dynalite (in memory), in one run. Moves are real: four bots self-play double-9 games and every
 * accepted command becomes one move: its events, its snapshot on every SNAPSHOT_EVERY-th version (the
 * API's own encoding), and when it passes the turn, the two players' turn entries.
 *   floor: the same move by hand with the raw SDK (floor-work.ts): a strongly consistent Query of the
 *          newest SNAPSHOT_EVERY items, then the commit and the turn entries, item for item what the
 *          store writes, on the same versions.
 *   store: the move as the API makes it on a cache miss (the Lambda reality): `readRecent` of the same
 *          items, then `append` (commit and turn entries in parallel).
 * The headline compares those two. Latency: one move in flight, floor and store in alternating
 * rounds, equal sample counts. Throughput: CONCURRENT games with a move in flight each, for a few
 * seconds, floor and store in alternating rounds (moves/s, medians of the rounds). Cost: the units
 * of a move on AWS terms (aws-units.ts), table and indexes, for both.
 * Extras, labelled: the store's append alone (the API's cached case, no read), and the floor's writes alone.
 * Targets (the API issues) judged. Last line: one JSON object (also in .tmp/bench/store.json).
 */
import { SNAPSHOT_EVERY, toSnapshot } from '@chickenfoot/app';
import { selfPlay, seededRandom, type Command, type GameEvent, type GameState } from '@chickenfoot/rules';
import { createDynamoClient, openStore, type GameHead, type Store } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { TABLE } from '@chickenfoot/store/table';
import { awsMeter, type AwsCost } from './aws-meter';
import { floorMove, floorWrite, type Floor, type FloorStep } from './floor-work';
import { judge, latency, median, report, round, verdict } from './stats';
import { timed } from './timing';

const WARMUP = 150;
const ROUNDS = 12;
const PER_ROUND = 50;
const CONCURRENT = 32;
const THROUGHPUT_ROUNDS = 4;
const THROUGHPUT_SECONDS = 2;
const COST_MOVES = 400;
const SEATS = 4;
const TARGET = { p50Ratio: 1.5, throughputRatio: 0.6 };

interface Step extends FloorStep {
  readonly at: Date;
  readonly headOf: GameHead;
}

const awaited = (s: GameState | null) =>
  s?.status === 'playing' && s.hand.turn !== null ? (s.players[s.hand.turn]?.id ?? null) : null;

function headOf(state: GameState, version: number, at: string): GameHead {
  return {
    version,
    status: state.status,
    turn: awaited(state),
    seats: state.players.map((p) => (p ? { playerId: p.id, name: p.name } : null)),
    updatedAt: at,
    hand: state.hand?.index ?? null,
    totals: state.totals,
    winners: state.winners,
  };
}

/** Every command of `count` self-played games as a move, with what the API would store for it. */
function games(count: number): Step[][] {
  return Array.from({ length: count }, (_, g) => {
    const steps: Step[] = [];
    let before: GameState | null = null;
    selfPlay({
      seats: SEATS,
      random: seededRandom(1_000 + g),
      onStep: ({ command, events, state }: { command: Command; events: readonly GameEvent[]; state: GameState }) => {
        const version = steps.length + 1;
        const at = new Date(Date.UTC(2026, 11, 1) + version * 1000);
        const [from, to] = [awaited(before), awaited(state)];
        const head = headOf(state, version, at.toISOString());
        const by =
          command.type === 'move'
            ? (state.players[command.seat]?.id ?? '')
            : 'player' in command
              ? command.player.id
              : 'system';
        const turn = from === to && state.status !== 'finished' ? null : { from, to };
        const snapshot = version % SNAPSHOT_EVERY === 0 ? toSnapshot(state, null) : null;
        steps.push({ events, snapshot, turn, head, headOf: head, by, at });
        before = state;
      },
    });
    return steps;
  });
}

/** Hands out moves game after game, each game's moves in order, to one stream per game and kind. */
function mover(kind: string, all: Step[][]) {
  let game = 0;
  let move = 0;
  return () => {
    if (move >= (all[game % all.length]?.length ?? 0)) [game, move] = [game + 1, 0];
    const step = all[game % all.length]?.[move];
    if (!step) throw new Error('no moves');
    return { stream: `${kind}-${game}`, version: move++, step };
  };
}
type Mover = ReturnType<typeof mover>;

/** The store's move: read the newest items (unless `cached`), then append with what the API gives it. */
async function storeMove(store: Store, next: Mover, cached: boolean): Promise<void> {
  const { stream, version: known, step } = next();
  const version = cached
    ? known
    : ((await store.streams.readRecent(stream, { count: SNAPSHOT_EVERY })).at(-1)?.version ?? 0);
  await store.streams.append(stream, version, step.events, {
    idempotencyKey: `${stream}-${version + 1}-0000-0000-000000000000`.slice(0, 36),
    commandHash: 'h'.repeat(43),
    by: step.by,
    at: step.at,
    ...(step.snapshot ? { snapshot: step.snapshot } : {}),
    ...(step.turn ? { turn: { ...step.turn, head: { ...step.headOf, version: version + 1 } } } : {}),
  });
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const moves = games(8);
  const dynamo = await startEmbeddedDynamo({ tableName: 'bench-store' });
  const meter = awsMeter(dynamo.client, createDynamoClient({ endpoint: dynamo.endpoint }), TABLE);
  try {
    const store = openStore({ client: dynamo.client, tableName: dynamo.tableName });
    const floor: Floor = { client: dynamo.client, tableName: dynamo.tableName, loadCount: SNAPSHOT_EVERY };
    const nexts = {
      floor: mover('floor', moves),
      store: mover('store', moves),
      append: mover('append', moves),
      floorWrites: mover('floorWrites', moves),
    };
    const ops: Record<keyof typeof nexts, () => Promise<void>> = {
      floor: async () => {
        const { stream, step } = nexts.floor();
        await floorMove(floor, stream, step);
      },
      store: () => storeMove(store, nexts.store, false),
      append: () => storeMove(store, nexts.append, true),
      floorWrites: async () => {
        const { stream, version, step } = nexts.floorWrites();
        await floorWrite(floor, stream, version + 1, step);
      },
    };
    const kinds = Object.keys(ops) as (keyof typeof ops)[];
    for (const kind of kinds) await timed(WARMUP, ops[kind]);

    // Latency: one move in flight, the kinds in alternating rounds.
    const ms = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<keyof typeof ops, number[]>;
    for (let r = 0; r < ROUNDS; r++) for (const kind of kinds) ms[kind].push(...(await timed(PER_ROUND, ops[kind])));

    // Throughput: CONCURRENT games with a move in flight each, floor and store in alternating rounds.
    const streams = (kind: string) =>
      Array.from({ length: CONCURRENT }, (_, i) => mover(`${kind}-tp${i}`, moves.slice(i % moves.length)));
    const tp = { floor: streams('floor'), store: streams('store') };
    const perSecond = { floor: [] as number[], store: [] as number[] };
    const burst = async (kind: 'floor' | 'store') => {
      let done = 0;
      const start = performance.now();
      const until = start + THROUGHPUT_SECONDS * 1000;
      await Promise.all(
        tp[kind].map(async (next) => {
          while (performance.now() < until) {
            if (kind === 'floor') {
              const { stream, step } = next();
              await floorMove(floor, stream, step);
            } else await storeMove(store, next, false);
            done++;
          }
        }),
      );
      return done / ((performance.now() - start) / 1000);
    };
    await burst('floor');
    await burst('store');
    for (let r = 0; r < THROUGHPUT_ROUNDS; r++) {
      const order: ('floor' | 'store')[] = r % 2 ? ['store', 'floor'] : ['floor', 'store'];
      for (const kind of order) perSecond[kind].push(await burst(kind));
    }

    // Cost on AWS terms: the same moves, one at a time, each weighed.
    const costOf = async (op: () => Promise<void>): Promise<AwsCost> => {
      meter.reset();
      meter.on = true;
      for (let i = 0; i < COST_MOVES; i++) await op();
      meter.on = false;
      return meter.cost;
    };
    const perMove = (c: AwsCost) => ({
      requests: round(c.requests / COST_MOVES),
      readUnits: round(c.readUnits / COST_MOVES),
      writeUnits: round(c.writeUnits / COST_MOVES),
      indexWriteUnits: round(Object.values(c.indexWriteUnits).reduce((s, u) => s + u, 0) / COST_MOVES),
    });
    const cost = { floor: perMove(await costOf(ops.floor)), store: perMove(await costOf(ops.store)) };

    const fig = Object.fromEntries(kinds.map((k) => [k, latency(ms[k])])) as Record<
      keyof typeof ops,
      ReturnType<typeof latency>
    >;
    const tpFig = { floor: round(median(perSecond.floor), 0), store: round(median(perSecond.store), 0) };
    const ratioP50 = round(fig.store.p50Ms / fig.floor.p50Ms);
    const ratioP99 = round(fig.store.p99Ms / fig.floor.p99Ms);
    const throughputRatio = round(tpFig.store / tpFig.floor);
    const targets = {
      p50Ratio: judge(ratioP50, 'atMost', TARGET.p50Ratio),
      throughputRatio: judge(throughputRatio, 'atLeast', TARGET.throughputRatio),
    };
    const line = (label: string, f: ReturnType<typeof latency>) => `${label} p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms`;
    const units = (c: typeof cost.floor) =>
      `${c.requests} requests, ${c.readUnits} RCU, ${c.writeUnits} WCU (indexes ${c.indexWriteUnits})`;
    console.log(
      `${moves.length} self-played ${SEATS}-seat double-9 games as moves; dynalite in memory; a snapshot every ${SNAPSHOT_EVERY} versions for both`,
    );
    console.log(`latency, one move in flight (${fig.floor.samples} samples each, alternating rounds):`);
    console.log(line('  floor  Query + commit + turn entries, raw SDK:      ', fig.floor));
    console.log(line('  store  readRecent + append (the API on a miss):    ', fig.store));
    console.log(`  store/floor: p50 x${ratioP50}, p99 x${ratioP99}`);
    console.log(
      `throughput, ${CONCURRENT} games with a move in flight each (median of ${THROUGHPUT_ROUNDS} rounds of ${THROUGHPUT_SECONDS} s): floor ${tpFig.floor}/s, store ${tpFig.store}/s -> x${throughputRatio}`,
    );
    console.log(`cost per move on AWS terms: floor ${units(cost.floor)}; store ${units(cost.store)}`);
    console.log('extras (not like for like):');
    console.log(line('  store  append alone (the API with the state cached):', fig.append));
    console.log(line('  floor  its writes alone:                            ', fig.floorWrites));
    console.log(`  ${verdict(targets.p50Ratio)}  store p50 <= x${TARGET.p50Ratio} the floor's: x${ratioP50}`);
    console.log(
      `  ${verdict(targets.throughputRatio)}  store throughput >= x${TARGET.throughputRatio} the floor's: x${throughputRatio}`,
    );
    report('store', {
      moves: fig.store.samples,
      floor: { ...fig.floor, movesPerSec: tpFig.floor, perMove: cost.floor },
      store: { ...fig.store, movesPerSec: tpFig.store, perMove: cost.store },
      ratioP50,
      ratioP99,
      throughputRatio,
      concurrent: CONCURRENT,
      extras: { appendAlone: fig.append, floorWritesAlone: fig.floorWrites },
      targets,
      allPass: Object.values(targets).every((t) => t.pass),
    });
  } finally {
    await dynamo.stop();
  }
}

await main();
