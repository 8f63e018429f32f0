/**
 * `npm run bench:store`: what the event store adds to the DynamoDB work a move cannot avoid, on one
 * in-process dynalite, in one run. Moves are real: four bots self-play double-9 games and every
 * accepted command becomes one move, with its events, and on every SNAPSHOT_EVERY-th version its state
 * after (~2 KB of JSON) as a snapshot, as the API stores them.
 *   (a) floor: a strongly consistent Query for the stream's newest item + one conditional PutItem, raw SDK.
 *   (b) store: the move as the API makes it with the game's state cached: one append (idempotency
 *       key, snapshot, head, and whom the game then awaits), which sends the commit's PutItem and the
 *       awaiting item's PutItem at the same time, through the store's API. Member items are written
 *       only when a seat is taken or the status changes: not on a move (their share is printed).
 *   (c) store with read: (b) after a readLatest, as on a cache miss.
 *   (d) store core: the append without `awaiting` (the commit alone), to show where the difference goes.
 * One move in flight at a time; the kinds alternate in rounds so drift hits all alike.
 * The target (the API issue): (b)'s p50 at most 1.5x (a)'s, and its throughput at least 0.6x.
 * The last line printed is one JSON object with the figures.
 */
import { PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SNAPSHOT_EVERY } from '@chickenfoot/api';
import { selfPlay, seededRandom, type GameEvent, type GameState } from '@chickenfoot/rules';
import { CostMeter, EventStore, type Cost, type GameHead } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { timed } from './timing';

const WARMUP = 150;
const ROUNDS = 16;
const PER_ROUND = 50;
const SEATS = 4;
const TARGET = { p50: 1.5, opsPerSec: 0.6 };

interface Step {
  events: readonly GameEvent[];
  state: GameState;
  before: GameState | null;
}

function games(count: number): Step[][] {
  return Array.from({ length: count }, (_, i) => {
    const steps: Step[] = [];
    let before: GameState | null = null;
    selfPlay({
      seats: SEATS,
      random: seededRandom(1_000 + i),
      onStep: ({ events, state }) => {
        steps.push({ events, state, before });
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
    return { gameId: `${kind}-${game}`, version: move++, step };
  };
}
type Mover = ReturnType<typeof mover>;

const turnSeat = (state: GameState | null) => (state?.status === 'playing' ? (state.hand?.turn ?? null) : null);

function headOf(state: GameState, version: number, updatedAt: string): GameHead {
  const turn = turnSeat(state);
  const seats = state.players.map((p) => (p ? { playerId: p.id, name: p.name } : null));
  return {
    version,
    status: state.status,
    turn: turn === null ? null : (state.players[turn]?.id ?? null),
    seats,
    updatedAt,
    totals: state.totals,
  };
}

/** The member items the API writes for a step: every seated player on a status change, else a seat taken. */
function memberWrites({ before, state }: Step): number {
  return state.players.filter((p, seat) => p && (before?.status !== state.status || !before?.players[seat])).length;
}

async function floorMove(client: DynamoDBClient, tableName: string, next: Mover, cost: Cost) {
  const { gameId, version, step } = next();
  const read = await client.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: `floor#${gameId}` } },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  const write = await client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: {
        pk: { S: `floor#${gameId}` },
        sk: { N: String(version + 1) },
        ev: { S: JSON.stringify(step.events) },
        sn: { S: JSON.stringify(step.state) },
        at: { S: new Date().toISOString() },
      },
      ConditionExpression: 'attribute_not_exists(sk)',
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  cost.requests += 2;
  cost.readUnits += read.ConsumedCapacity?.CapacityUnits ?? 0;
  cost.writeUnits += write.ConsumedCapacity?.CapacityUnits ?? 0;
}

interface StoreKind {
  read: boolean;
  awaiting: boolean;
  costs: { read: CostMeter; append: CostMeter };
}

async function storeMove(store: EventStore, next: Mover, kind: StoreKind) {
  const { gameId, version: cached, step } = next();
  let version = cached;
  if (kind.read) {
    const latest = await store.measure(() => store.readLatest(gameId));
    kind.costs.read.record('readLatest', latest.cost);
    version = latest.result?.version ?? 0;
  }
  const { cost } = await store.measure(async () => {
    const at = new Date();
    const head = headOf(step.state, version + 1, at.toISOString());
    const from = step.before ? headOf(step.before, version, at.toISOString()).turn : null;
    const changed = from !== head.turn || step.state.status === 'finished';
    const awaiting = kind.awaiting && changed ? { turn: { from, to: head.turn, head } } : {};
    const snapshot = (version + 1) % SNAPSHOT_EVERY === 0 ? { snapshot: step.state } : {};
    await store.append(gameId, version, step.events, {
      idempotencyKey: `${gameId}:${version}`,
      commandHash: 'h',
      ...snapshot,
      by: 'bot',
      at,
      ...awaiting,
    });
  });
  kind.costs.append.record('append', cost);
}

function summary(ms: number[]) {
  const sorted = [...ms].sort((x, y) => x - y);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  const total = ms.reduce((s, x) => s + x, 0);
  return { p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), opsPerSec: round((ms.length / total) * 1000, 0) };
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const per = (cost: Cost, n: number) => ({
  requests: round(cost.requests / n),
  readUnits: round(cost.readUnits / n),
  writeUnits: round(cost.writeUnits / n),
});
const sum = (a: Cost, b: Cost) => ({
  requests: round(a.requests + b.requests),
  readUnits: round(a.readUnits + b.readUnits),
  writeUnits: round(a.writeUnits + b.writeUnits),
});
const meters = () => ({ read: new CostMeter(), append: new CostMeter() });

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const moves = games(6);
  const dynamo = await startEmbeddedDynamo({ tableName: 'bench-store' });
  try {
    const store = new EventStore({ client: dynamo.client, tableName: dynamo.tableName });
    const floorCost: Cost = { requests: 0, readUnits: 0, writeUnits: 0 };
    const floorNext = mover('floor', moves);
    const kinds = {
      store: { read: false, awaiting: true, costs: meters() },
      withRead: { read: true, awaiting: true, costs: meters() },
      core: { read: false, awaiting: false, costs: meters() },
    };
    const ops: [string, () => Promise<void>][] = [
      ['floor', () => floorMove(dynamo.client, dynamo.tableName, floorNext, floorCost)],
      ...Object.entries(kinds).map(([name, kind]): [string, () => Promise<void>] => {
        const next = mover(name, moves);
        return [name, () => storeMove(store, next, kind)];
      }),
    ];

    for (const [, op] of ops) await timed(WARMUP, op);
    Object.assign(floorCost, { requests: 0, readUnits: 0, writeUnits: 0 });
    for (const kind of Object.values(kinds)) for (const meter of Object.values(kind.costs)) meter.reset();

    const ms = new Map<string, number[]>(ops.map(([name]) => [name, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, op] of ops) ms.get(name)?.push(...(await timed(PER_ROUND, op)));
    }

    const n = ROUNDS * PER_ROUND;
    const figures = (name: string) => summary(ms.get(name) ?? []);
    const floor = figures('floor');
    const ratios = (f: ReturnType<typeof summary>) => ({
      ratioP50: round(f.p50Ms / floor.p50Ms),
      ratioP99: round(f.p99Ms / floor.p99Ms),
      ratioOpsPerSec: round(f.opsPerSec / floor.opsPerSec),
    });
    const storeFigures = figures('store');
    const perAppend = per(kinds.store.costs.append.snapshot(), n);
    const withRead = figures('withRead');
    const withReadPerMove = sum(
      per(kinds.withRead.costs.read.snapshot(), n),
      per(kinds.withRead.costs.append.snapshot(), n),
    );
    const core = figures('core');
    const all = moves.flat();
    const result = {
      moves: n,
      floor,
      store: storeFigures,
      ...ratios(storeFigures),
      perAppend,
      perMove: perAppend,
      floorPerMove: per(floorCost, n),
      memberWritesPerMove: round(all.reduce((s, step) => s + memberWrites(step), 0) / all.length),
      withRead: { ...withRead, ...ratios(withRead), perMove: withReadPerMove },
      storeCore: { ...core, ratioP50: ratios(core).ratioP50, perAppend: per(kinds.core.costs.append.snapshot(), n) },
      target: {
        p50: TARGET.p50,
        opsPerSec: TARGET.opsPerSec,
        met:
          storeFigures.p50Ms <= TARGET.p50 * floor.p50Ms &&
          storeFigures.opsPerSec >= TARGET.opsPerSec * floor.opsPerSec,
      },
    };

    const line = (label: string, f: ReturnType<typeof summary>) =>
      `${label} p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms  ${f.opsPerSec} moves/s`;
    const costLine = (c: Cost) => `${c.requests} requests, ${c.readUnits} RCU, ${c.writeUnits} WCU`;
    console.log(
      `${n} moves each, one in flight, after ${WARMUP} warm-up moves each (dynalite in memory, ${moves.length} self-played ${SEATS}-seat games)`,
    );
    console.log(line('(a) floor  Query + conditional PutItem:                      ', floor));
    console.log(line('(b) store  append with head + awaiting item (state cached):  ', storeFigures));
    console.log(line('(c) store  readLatest + (b) (no cache):                      ', withRead));
    console.log(line('(d) store  append with head, no awaiting item:               ', core));
    console.log(
      `b/a: p50 x${result.ratioP50}, p99 x${result.ratioP99}, throughput x${result.ratioOpsPerSec}  (target p50 <= x${TARGET.p50}, throughput >= x${TARGET.opsPerSec}: ${result.target.met ? 'met' : 'NOT met'})`,
    );
    console.log(
      `c/a: p50 x${result.withRead.ratioP50}, p99 x${result.withRead.ratioP99}, throughput x${result.withRead.ratioOpsPerSec}    d/a: p50 x${result.storeCore.ratioP50}`,
    );
    console.log(
      `per move (b): ${costLine(perAppend)}; (c): ${costLine(withReadPerMove)}; (d): ${costLine(result.storeCore.perAppend)}; floor: ${costLine(result.floorPerMove)}`,
    );
    console.log(
      `member items the API writes besides (joins, status changes), averaged over these games' commands: ${result.memberWritesPerMove} per move, not in (b)`,
    );
    console.log(
      'note: dynalite reports table units only; on AWS add ~2 WCU per awaiting item (byAwaiting GSI: its sort key moves with every append, a delete and a put; 0-1 when nobody is awaited), ~2 per member item (byPlayer) and 1 per keyed commit (byKey LSI)',
    );
    console.log(JSON.stringify(result));
  } finally {
    await dynamo.stop();
  }
}

await main();
