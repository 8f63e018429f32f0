/**
 * `npm run bench:api`: a move through the HTTP app against the DynamoDB work a move cannot avoid, on
 * one in-process dynalite, in one run.
 *   floor: a strongly consistent Query of a short stream + one conditional PutItem (~1 KB), raw SDK.
 *   move:  POST /v1/games/{id}/moves over loopback HTTP (@hono/node-server), by bots playing double-9,
 *          4 seats, default rules; before each move the seat in turn GETs its view (not timed), as a
 *          client would. "cached": the app holds the game's latest state (the usual case: the GET just
 *          read it); "uncached": cacheSize 0, so the move reads the game first.
 *   Latency is measured the way the floor works: the floor's client (the SDK) and server (dynalite)
 *   share one thread and talk over loopback, so the move's client and server do too; the client's
 *   own CPU (building the request, parsing the reply) is counted in the move. Floor and move samples
 *   are taken in the same rhythm, one at a time, each right after a GET of a view: a floor measured
 *   in a tight loop of its own runs ~1.2x faster than the same operation between requests (caches
 *   and the JIT's state favour a loop), which is not how a server runs it.
 *   Also shown: the same move with the client in a worker thread (what the wake-ups between two
 *   threads add), and through app.request in this thread (no HTTP).
 *   throughput: 50 games at once against 50 floor loops. A move is one POST: the bots choose it from a
 *          replica of the game (they know the deal, `benchShuffle`), as the floor knows what to write;
 *          the server still checks and applies every move. Also shown: the same with a GET of the
 *          seat's view before each POST (a client that knows nothing between its visits). The bots run
 *          in a worker thread here, so their CPU does not take the server's.
 *   cost: DynamoDB requests and capacity units of a POST, averaged over the 8 moves from move 10 and
 *          from move 300 of one game (the app snapshots the state every few commits, so single moves
 *          differ by design; 8 spans whole cycles).
 * Kinds alternate in rounds, so the machine's drift hits all alike. Last line: one JSON object.
 */
import { PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createApp, silentLogger } from '@chickenfoot/api';
import { CostMeter, EventStore, type Cost } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { benchShuffle, player, type BotRequest } from './api-bots';
import { timed } from './timing';

const ROUNDS = 16;
const PER_ROUND = 40;
const CONCURRENT = 50;
const THROUGHPUT_SECONDS = 4;
const PAYLOAD = 'x'.repeat(900);

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return { p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), samples: ms.length };
}

/** The floor: read the newest item of a short stream, then write the next one conditionally. */
function floor(client: DynamoDBClient, tableName: string, stream: string) {
  let version = 0;
  return async () => {
    await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `floor#${stream}` } },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: `floor#${stream}` }, sk: { N: String(++version) }, ev: { S: PAYLOAD } },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
  };
}

async function floorThroughput(ops: (() => Promise<void>)[]): Promise<number> {
  let done = 0;
  const started = performance.now();
  const until = started + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    ops.map(async (op) => {
      while (performance.now() < until) {
        await op();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dynamo = await startEmbeddedDynamo({ tableName: 'bench-api' });
  const meter = new CostMeter();
  // Bots register and move far faster than people: lift the per-client limits for the measurement.
  const limits = { perPlayer: { burst: 1e9, perSecond: 1e9 }, registrations: { burst: 1e9, perSecond: 1e9 } };
  const apps = [1000, 0].map((cacheSize) => {
    const store = new EventStore({ client: dynamo.client, tableName: dynamo.tableName, meter });
    return createApp({
      store,
      secret: 'bench-secret-0123456789-abcdefghijklmnopq',
      logger: silentLogger,
      cacheSize,
      limits,
      shuffle: benchShuffle,
    });
  });
  const servers = apps.map((app) => serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }));
  await Promise.all(
    servers.map((s) => new Promise((resolve) => (s.listening ? resolve(null) : s.once('listening', resolve)))),
  );
  const [cachedUrl, uncachedUrl] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as [
    string,
    string,
  ];
  // The worker loads TypeScript through tsx's loader, registered inside it.
  const bots = JSON.stringify(new URL('./api-bots.ts', import.meta.url).href);
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${bots}); });`, {
    eval: true,
  });
  const ask = <T>(request: BotRequest) =>
    new Promise<T>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      worker.once('error', fail);
      worker.once('message', (answer: T) => {
        worker.off('error', fail);
        resolve(answer);
      });
      worker.postMessage(request);
    });
  try {
    const floorOp = floor(dynamo.client, dynamo.tableName, 'latency');
    const samples = {
      floor: [] as number[],
      cached: [] as number[],
      uncached: [] as number[],
      inProcess: [] as number[],
      worker: [] as number[],
      floorLoop: [] as number[],
    };
    const bots = { cached: player(cachedUrl, 5), uncached: player(uncachedUrl, 6) };
    // The same app and bots without HTTP (app.request in this thread): what the transport adds.
    const local = player('http://local', 7, (url, init) => Promise.resolve(apps[0]!.request(url, init)));
    /** One floor sample and one move sample of `bot`, each right after a GET of the bot's view. */
    const pair = async (bot: ReturnType<typeof player>, into: number[]) => {
      await bot.prepare();
      samples.floor.push(...(await timed(1, floorOp)));
      into.push(...(await timed(1, await bot.prepare())));
    };
    // Warm up every path (the JIT, dynalite's LevelDB, both HTTP sides) before measuring.
    for (let i = 0; i < 150; i++) {
      await pair(bots.cached, []);
      await pair(bots.uncached, []);
      await pair(local, []);
    }
    samples.floor.length = 0;
    await ask({ kind: 'timed', url: cachedUrl, bot: 1, moves: 150 });
    // Per round, the median ratio of the move's p50 to the floor's p50 taken alongside it: robust to
    // the machine's speed drifting during the run (it does, a lot).
    const roundRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const floorFrom = samples.floor.length;
      const cachedFrom = samples.cached.length;
      for (let i = 0; i < PER_ROUND; i++) await pair(bots.cached, samples.cached);
      roundRatios.push(summary(samples.cached.slice(cachedFrom)).p50Ms / summary(samples.floor.slice(floorFrom)).p50Ms);
      for (let i = 0; i < PER_ROUND; i++) await pair(bots.uncached, samples.uncached);
      for (let i = 0; i < PER_ROUND; i++) await pair(local, samples.inProcess);
      samples.worker.push(
        ...(await ask<{ ms: number[] }>({ kind: 'timed', url: cachedUrl, bot: 1, moves: PER_ROUND })).ms,
      );
      samples.floorLoop.push(...(await timed(PER_ROUND, floorOp)));
    }
    const roundRatio = round([...roundRatios].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? Number.NaN);

    // The cost of the POSTs from move 10 and from move 300 of one game: the worker stops before each, the
    // meter is reset, the worker moves, the meter is read. Nothing else runs meanwhile.
    const cost: Record<number, Cost> = {};
    const SPAN = 8;
    const from = [10, 300];
    const moveNumbers = from.flatMap((first) => Array.from({ length: SPAN }, (_, i) => first + i));
    worker.postMessage({ kind: 'move-at', url: cachedUrl, bot: 3, moveNumbers } satisfies BotRequest);
    for (let i = 0; i < moveNumbers.length; i++) {
      const { ready } = await new Promise<{ ready: number }>((resolve) => worker.once('message', resolve));
      meter.reset();
      worker.postMessage('go');
      await new Promise((resolve) => worker.once('message', resolve));
      cost[ready] = meter.snapshot();
    }

    const floorOps = await floorThroughput(
      Array.from({ length: CONCURRENT }, (_, i) => floor(dynamo.client, dynamo.tableName, `tp-${i}`)),
    );
    const { perSecond: moveOps } = await ask<{ perSecond: number }>({
      kind: 'throughput',
      url: cachedUrl,
      games: CONCURRENT,
      seconds: THROUGHPUT_SECONDS,
      clients: 'referee',
    });
    const { perSecond: cycleOps } = await ask<{ perSecond: number }>({
      kind: 'throughput',
      url: cachedUrl,
      games: CONCURRENT,
      seconds: THROUGHPUT_SECONDS,
      clients: 'viewer',
    });

    const floorFig = summary(samples.floor);
    const cachedFig = summary(samples.cached);
    const uncachedFig = summary(samples.uncached);
    const inProcessFig = summary(samples.inProcess);
    const workerFig = summary(samples.worker);
    const floorLoopFig = summary(samples.floorLoop);
    const costAt = (first: number) => {
      const span = Array.from({ length: SPAN }, (_, i) => cost[first + i]);
      const mean = (pick: (c: Cost) => number) =>
        round(span.reduce((sum, c) => sum + (c ? pick(c) : Number.NaN), 0) / SPAN);
      return {
        requests: mean((c) => c.requests),
        readUnits: mean((c) => c.readUnits),
        writeUnits: mean((c) => c.writeUnits),
      };
    };
    console.log(
      `floor (Query + conditional PutItem): p50 ${floorFig.p50Ms} ms, p99 ${floorFig.p99Ms} ms (${floorFig.samples} samples, each after a GET)`,
    );
    console.log(
      `move, state cached:   p50 ${cachedFig.p50Ms} ms, p99 ${cachedFig.p99Ms} ms -> ${round(cachedFig.p50Ms / floorFig.p50Ms)}x the floor at p50`,
    );
    console.log(
      `  round by round (floor and move p50 side by side, ${ROUNDS} rounds): median ratio ${roundRatio}x, from ${round(Math.min(...roundRatios))}x to ${round(Math.max(...roundRatios))}x`,
    );
    console.log(
      `  with the client in a worker thread: p50 ${workerFig.p50Ms} ms -> ${round(workerFig.p50Ms / floorFig.p50Ms)}x (the floor has no second thread)`,
    );
    console.log(
      `  against the floor timed in a tight loop of its own (p50 ${floorLoopFig.p50Ms} ms): ${round(cachedFig.p50Ms / floorLoopFig.p50Ms)}x`,
    );
    console.log(
      `  without HTTP (app.request): p50 ${inProcessFig.p50Ms} ms -> ${round(inProcessFig.p50Ms / floorFig.p50Ms)}x`,
    );
    console.log(
      `move, state uncached: p50 ${uncachedFig.p50Ms} ms, p99 ${uncachedFig.p99Ms} ms -> ${round(uncachedFig.p50Ms / floorFig.p50Ms)}x the floor at p50`,
    );
    console.log(
      `throughput, ${CONCURRENT} games at once: floor ${round(floorOps, 0)} ops/s, moves ${round(moveOps, 0)}/s -> ${round(moveOps / floorOps)}x`,
    );
    console.log(
      `  the same with a GET of the view before each move: ${round(cycleOps, 0)} moves/s -> ${round(cycleOps / floorOps)}x`,
    );
    console.log(
      `cost of a move's POST (mean of ${SPAN}): from move 10 ${JSON.stringify(costAt(10))}, from move 300 ${JSON.stringify(costAt(300))}`,
    );
    console.log(
      JSON.stringify({
        benchmark: 'api',
        floor: floorFig,
        move: {
          ...cachedFig,
          ratioP50: round(cachedFig.p50Ms / floorFig.p50Ms),
          ratioP99: round(cachedFig.p99Ms / floorFig.p99Ms),
          medianRoundRatioP50: roundRatio,
        },
        moveUncached: { ...uncachedFig, ratioP50: round(uncachedFig.p50Ms / floorFig.p50Ms) },
        moveWithoutHttp: { ...inProcessFig, ratioP50: round(inProcessFig.p50Ms / floorFig.p50Ms) },
        moveClientInWorker: { ...workerFig, ratioP50: round(workerFig.p50Ms / floorFig.p50Ms) },
        floorInTightLoop: { ...floorLoopFig, moveRatioP50: round(cachedFig.p50Ms / floorLoopFig.p50Ms) },
        throughput: {
          concurrentGames: CONCURRENT,
          floorOpsPerSec: round(floorOps, 0),
          movesPerSec: round(moveOps, 0),
          ratio: round(moveOps / floorOps),
          withViewGet: { movesPerSec: round(cycleOps, 0), ratio: round(cycleOps / floorOps) },
        },
        costPerMove: { atMove10: costAt(10), atMove300: costAt(300) },
        target: { p50Ratio: 1.5, throughputRatio: 0.6 },
      }),
    );
  } finally {
    await worker.terminate();
    for (const s of servers) s.close();
    await dynamo.stop();
  }
}

await main();
