/**
 * `npm run bench:store`: what the event store adds to the DynamoDB work a move cannot avoid, on one
 * in-process dynalite, in one run. Moves are real: four bots self-play double-9 games and every
 * accepted command becomes one move, with its events and its state after (~2 KB of JSON) as snapshot.
 *   (a) floor: a strongly consistent Query for the stream's newest item + one conditional PutItem, raw SDK.
 *   (b) store: readLatest + append (with idempotency key and snapshot) + updateProjections (head and
 *       four members), through the store's API.
 *   (c) store core: (b) without the projections, to show where the difference goes.
 * One move in flight at a time; the kinds alternate in rounds so drift hits all alike.
 * The last line printed is one JSON object with the figures.
 */
import { PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { selfPlay, seededRandom, type GameEvent, type GameState } from '@chickenfoot/rules';
import { CostMeter, EventStore, type Cost, type ProjectionInput } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';

const WARMUP = 150;
const ROUNDS = 4;
const PER_ROUND = 200;

interface Step {
  events: readonly GameEvent[];
  state: GameState;
}

function games(count: number): Step[][] {
  return Array.from({ length: count }, (_, i) => {
    const steps: Step[] = [];
    selfPlay({ seats: 4, random: seededRandom(1_000 + i), onStep: ({ events, state }) => steps.push({ events, state }) });
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

function projection(state: GameState, version: number, updatedAt: string): ProjectionInput {
  const seats = state.players.map((p) => (p ? { playerId: p.id, name: p.name } : null));
  const turnSeat = state.hand?.turn ?? null;
  const turn = turnSeat === null ? null : (state.players[turnSeat]?.id ?? null);
  return {
    head: { version, status: state.status, turn, seats, updatedAt, totals: state.totals },
    members: seats.flatMap((s) => (s ? [{ playerId: s.playerId, myTurn: s.playerId === turn }] : [])),
  };
}

async function floorMove(client: DynamoDBClient, tableName: string, next: ReturnType<typeof mover>, cost: Cost) {
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

async function storeMove(store: EventStore, next: ReturnType<typeof mover>, costs: { read: CostMeter; append: CostMeter }, projections = true) {
  const { gameId, step } = next();
  const latest = await store.measure(() => store.readLatest(gameId));
  costs.read.record('readLatest', latest.cost);
  const version = latest.result?.version ?? 0;
  const { cost } = await store.measure(async () => {
    const { commit } = await store.append(gameId, version, step.events, {
      idempotencyKey: `${gameId}:${version}`,
      commandHash: 'h',
      snapshot: step.state,
      by: 'bot',
    });
    if (projections) await store.updateProjections(gameId, projection(step.state, commit.version, commit.at));
  });
  costs.append.record('append+projections', cost);
}

async function time(runs: number, op: () => Promise<void>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await op();
    ms.push(performance.now() - start);
  }
  return ms;
}

function summary(ms: number[]) {
  const sorted = [...ms].sort((x, y) => x - y);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  const total = ms.reduce((s, x) => s + x, 0);
  return { p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), opsPerSec: round((ms.length / total) * 1000, 0) };
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const per = (cost: Cost, n: number) => ({ requests: round(cost.requests / n), readUnits: round(cost.readUnits / n), writeUnits: round(cost.writeUnits / n) });

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const moves = games(6);
  const dynamo = await startEmbeddedDynamo({ tableName: 'bench-store' });
  try {
    const store = new EventStore({ client: dynamo.client, tableName: dynamo.tableName });
    const floorCost: Cost = { requests: 0, readUnits: 0, writeUnits: 0 };
    const storeCosts = { read: new CostMeter(), append: new CostMeter() };
    const floorNext = mover('floor', moves);
    const storeNext = mover('store', moves);
    const floorOp = () => floorMove(dynamo.client, dynamo.tableName, floorNext, floorCost);
    const storeOp = () => storeMove(store, storeNext, storeCosts);
    const coreNext = mover('core', moves);
    const coreCosts = { read: new CostMeter(), append: new CostMeter() };
    const coreOp = () => storeMove(store, coreNext, coreCosts, false);

    await time(WARMUP, floorOp);
    await time(WARMUP, storeOp);
    await time(WARMUP, coreOp);
    Object.assign(floorCost, { requests: 0, readUnits: 0, writeUnits: 0 });
    for (const meter of [storeCosts.read, storeCosts.append, coreCosts.read, coreCosts.append]) meter.reset();

    const floorMs: number[] = [];
    const storeMs: number[] = [];
    const coreMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      floorMs.push(...(await time(PER_ROUND, floorOp)));
      storeMs.push(...(await time(PER_ROUND, storeOp)));
      coreMs.push(...(await time(PER_ROUND, coreOp)));
    }

    const n = ROUNDS * PER_ROUND;
    const floor = summary(floorMs);
    const storeFigures = summary(storeMs);
    const core = summary(coreMs);
    const perAppend = per(storeCosts.append.snapshot(), n);
    const readLatest = per(storeCosts.read.snapshot(), n);
    const result = {
      moves: n,
      floor,
      store: storeFigures,
      ratioP50: round(storeFigures.p50Ms / floor.p50Ms),
      ratioP99: round(storeFigures.p99Ms / floor.p99Ms),
      ratioOpsPerSec: round(storeFigures.opsPerSec / floor.opsPerSec),
      perAppend,
      perMove: { requests: round(perAppend.requests + readLatest.requests), readUnits: round(perAppend.readUnits + readLatest.readUnits), writeUnits: round(perAppend.writeUnits + readLatest.writeUnits) },
      floorPerMove: per(floorCost, n),
      storeCore: { ...core, ratioP50: round(core.p50Ms / floor.p50Ms), perAppend: per(coreCosts.append.snapshot(), n) },
    };

    console.log(`${n} moves each, one in flight, after ${WARMUP} warm-up moves each (dynalite in memory, ${moves.length} self-played 4-seat games)`);
    console.log(`(a) floor  Query + conditional PutItem:      p50 ${floor.p50Ms} ms  p99 ${floor.p99Ms} ms  ${floor.opsPerSec} moves/s`);
    console.log(`(b) store  readLatest + append + projections: p50 ${storeFigures.p50Ms} ms  p99 ${storeFigures.p99Ms} ms  ${storeFigures.opsPerSec} moves/s`);
    console.log(`(c) store  readLatest + append, no projections: p50 ${core.p50Ms} ms  p99 ${core.p99Ms} ms  ${core.opsPerSec} moves/s (c/a p50 x${result.storeCore.ratioP50})`);
    console.log(`b/a: p50 x${result.ratioP50}, p99 x${result.ratioP99}, throughput x${result.ratioOpsPerSec}`);
    console.log(`per append (append + projections): ${perAppend.requests} requests, ${perAppend.readUnits} RCU, ${perAppend.writeUnits} WCU`);
    console.log(`per move (with readLatest): ${result.perMove.requests} requests, ${result.perMove.readUnits} RCU, ${result.perMove.writeUnits} WCU; floor: ${result.floorPerMove.requests} requests, ${result.floorPerMove.readUnits} RCU, ${result.floorPerMove.writeUnits} WCU`);
    console.log('note: dynalite reports table units only; on AWS add ~2 WCU per member item (byPlayer GSI) and 1 per keyed commit (byKey LSI)');
    console.log(JSON.stringify(result));
  } finally {
    await dynamo.stop();
  }
}

await main();
