/**
 * `npm run bench:api`: a move through the HTTP app against the DynamoDB work a move cannot avoid, on
 * one in-process dynalite (in memory), in one run.
 *   headline  a move with nothing cached (cacheSize 0: the app loads the game, then appends; the
 *             Lambda reality, where the next request rarely reaches the container that served the
 *             last) over loopback HTTP, against the floor: the same read and the same writes by hand
 *             with the raw SDK (floor-work.ts: a Query of the newest SNAPSHOT_EVERY items, the commit
 *             and the two turn entries). Moves are real: bots playing double-9, 4 seats, default
 *             rules; before each move the seat in turn GETs its view (not timed), as a client would,
 *             and a floor sample is taken in the same rhythm, right after a GET, so both run in the
 *             state a server is in between requests. The client's own CPU counts in the move, as
 *             the SDK's counts in the floor. Equal sample counts, kinds alternating in rounds.
 *   transport the floor's work behind Hono over the same loopback HTTP and client, nothing of the app
 *             between (http-floor.ts), sampled beside the headline in the same rhythm: what the HTTP
 *             stack alone adds to the floor, and so what of the headline's ratio is the app's.
 *   stages    where each move's time goes: client and HTTP, the app (routing, auth, validation,
 *             the rules, the view, JSON), the store's own code, the AWS SDK, dynalite (api-stages.ts).
 *   throughput  50 games at once against 50 floor loops (bots in a worker thread, one POST a move).
 *   cost      requests and capacity units of a move on AWS terms (table and index units, aws-units.ts),
 *             from move 10 and from move 300 of one game (8 each: snapshots come every few commits)
 *             and over whole games; and of the GET before it.
 * Extras, labelled as such (they flatter): the move with the state cached (what `npm start` mostly
 * serves: no read), that cached move without HTTP (app.request), with the client in a worker
 * thread, and the floor timed in a tight loop of its own. The absolute targets (p50, p99,
 * moves/s, CPU, RSS, cold start) are judged by bench:server, on the real server process. Last line:
 * one JSON object (also in .tmp/bench/api.json).
 */
import { createApp } from '@chickenfoot/api';
import { SNAPSHOT_EVERY, silentLogger } from '@chickenfoot/app';
import { decide, selfPlay, seededRandom, type Command, type GameState } from '@chickenfoot/rules';
import { createDynamoClient, openStore } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { TABLE } from '@chickenfoot/store/table';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { benchShuffle, nodeSend, player, type BotRequest } from './api-bots';
import { moveCosts, type UnitFigures } from './api-cost';
import { LAYERS, stageClocks, type Layer } from './api-stages';
import { awsMeter } from './aws-meter';
import { floorMove, floorSteps, type Floor } from './floor-work';
import { serveHttpFloor } from './http-floor';
import { judge, latency, median, report, round, verdict } from './stats';
import { timed } from './timing';

const ROUNDS = 16;
const PER_ROUND = 40;
const CONCURRENT = 50;
const THROUGHPUT_SECONDS = 4;
const COST_SPAN = 8;
const TARGET = { p50Ratio: 1.5, throughputRatio: 0.6, writeUnits: 3, readUnits: 1 };

/** The rules' share of a move, timed apart: decide (which folds its events) on states of self-played games. */
function engineMs(): number {
  const context = { shuffle: benchShuffle };
  const cases: { command: Command; state: GameState }[] = [];
  let state: GameState | null = null;
  selfPlay({
    seats: 4,
    random: seededRandom(77),
    onStep: ({ command, state: after }) => {
      if (state && command.type === 'move') cases.push({ command, state });
      state = after;
    },
  });
  for (const c of cases) decide(c.command, c.state, context);
  const start = performance.now();
  for (let r = 0; r < 5; r++) for (const c of cases) decide(c.command, c.state, context);
  return (performance.now() - start) / (5 * cases.length);
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dynamo = await startEmbeddedDynamo({ tableName: 'bench-api' });
  const meter = awsMeter(dynamo.client, createDynamoClient({ endpoint: dynamo.endpoint }), TABLE);
  const stages = stageClocks(dynamo.client);
  // Bots register and move far faster than people: lift the per-client limits for the measurement.
  const limits = { perPlayer: { burst: 1e9, perSecond: 1e9 }, registrations: { burst: 1e9, perSecond: 1e9 } };
  const store = stages.store(openStore({ client: dynamo.client, tableName: dynamo.tableName }));
  const app = (cacheSize: number) =>
    createApp({
      store,
      secret: 'bench-secret-0123456789-abcdefghijklmnopq',
      logger: silentLogger,
      cacheSize,
      limits,
      shuffle: benchShuffle,
    });
  const apps = { uncached: app(0), cached: app(1000) };
  const servers = [apps.uncached, apps.cached].map((a) =>
    serve({ fetch: stages.fetch(a.fetch), port: 0, hostname: '127.0.0.1' }),
  );
  await Promise.all(
    servers.map((s) => new Promise((resolve) => (s.listening ? resolve(null) : s.once('listening', resolve)))),
  );
  const [uncachedUrl, cachedUrl] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as [
    string,
    string,
  ];
  // The worker loads TypeScript through tsx's loader, registered inside it.
  const botsModule = JSON.stringify(new URL('./api-bots.ts', import.meta.url).href);
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${botsModule}); });`,
    { eval: true },
  );
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
  let transport: Awaited<ReturnType<typeof serveHttpFloor>> | undefined;
  try {
    const steps = floorSteps(SNAPSHOT_EVERY);
    const floor: Floor = { client: dynamo.client, tableName: dynamo.tableName, loadCount: SNAPSHOT_EVERY };
    let floorNext = 0;
    const floorOp = () =>
      floorMove(floor, `latency-${Math.floor(floorNext / 400)}`, steps[floorNext++ % steps.length]!);
    // The transport floor is asked as a seat's client asks the app: its token, If-Match, a key, a move's body.
    transport = await serveHttpFloor(floorOp);
    const transportUrl = transport.url;
    const transportHeaders = {
      authorization: `Bearer ${'t'.repeat(160)}`,
      'content-type': 'application/json',
      'if-match': '"100"',
      'idempotency-key': 'bench-9-100-0000000000',
    };
    const transportCall = (path: string, body?: string) => async () =>
      (
        await nodeSend(`${transportUrl}${path}`, { method: body ? 'POST' : 'GET', headers: transportHeaders, body })
      ).json();
    const transportGet = transportCall('/view');
    const transportPost = transportCall('/move', JSON.stringify({ type: 'play', tile: '9-9', on: 3 }));

    type Kind = 'uncached' | 'cached' | 'local';
    const bots: Record<Kind, ReturnType<typeof player>> = {
      uncached: player(uncachedUrl, 5),
      cached: player(cachedUrl, 6),
      // The cached app's move without HTTP (app.request in this thread): compare it with the cached
      // move's figure, not the headline's (the transport floor weighs the HTTP stack against the headline).
      local: player('http://local', 7, (url, init) => Promise.resolve(apps.cached.request(url, init))),
    };
    const transportMs: number[] = [];
    const samples = Object.fromEntries(
      (['uncached', 'cached', 'local'] as Kind[]).map((k) => [k, { move: [] as number[], floor: [] as number[] }]),
    ) as Record<Kind, { move: number[]; floor: number[] }>;
    const layerSamples: Record<'uncached' | 'cached', Record<Layer | 'total', number[]>> = {
      uncached: { total: [], app: [], store: [], sdk: [], dynalite: [] },
      cached: { total: [], app: [], store: [], sdk: [], dynalite: [] },
    };
    /** One floor sample and one move sample of `kind`, each right after a GET of the bot's view. */
    const pair = async (kind: Kind, keep: boolean) => {
      await bots[kind].prepare();
      const floorMs = await timed(1, floorOp);
      let viaTransport: number[] = [];
      if (kind === 'uncached') {
        await transportGet();
        viaTransport = await timed(1, transportPost);
      }
      const post = await bots[kind].prepare();
      stages.reset();
      const moveMs = await timed(1, post);
      if (!keep) return;
      samples[kind].floor.push(...floorMs);
      samples[kind].move.push(...moveMs);
      transportMs.push(...viaTransport);
      if (kind === 'local') return;
      const layers = stages.read();
      layerSamples[kind].total.push(moveMs[0]!);
      for (const layer of LAYERS) layerSamples[kind][layer].push(layers[layer]);
    };
    // Warm up every path (the JIT, dynalite, both HTTP sides) before measuring.
    for (let i = 0; i < 150; i++) for (const kind of ['uncached', 'cached', 'local'] as Kind[]) await pair(kind, false);
    await ask({ kind: 'timed', url: cachedUrl, bot: 1, moves: 150 });
    const extras = { worker: [] as number[], floorLoop: [] as number[] };
    const roundRatios: number[] = [];
    const transportRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const from = { move: samples.uncached.move.length, floor: samples.uncached.floor.length };
      for (let i = 0; i < PER_ROUND; i++) await pair('uncached', true);
      const floorP50 = median(samples.uncached.floor.slice(from.floor));
      roundRatios.push(median(samples.uncached.move.slice(from.move)) / floorP50);
      transportRatios.push(median(transportMs.slice(from.floor)) / floorP50);
      for (let i = 0; i < PER_ROUND; i++) await pair('cached', true);
      for (let i = 0; i < PER_ROUND; i++) await pair('local', true);
      extras.worker.push(
        ...(await ask<{ ms: number[] }>({ kind: 'timed', url: cachedUrl, bot: 1, moves: PER_ROUND })).ms,
      );
      extras.floorLoop.push(...(await timed(PER_ROUND, floorOp)));
    }

    // Throughput: 50 games at once (the bots in the worker) against 50 floor loops.
    const floorLoops = async () => {
      let done = 0;
      const start = performance.now();
      const until = start + THROUGHPUT_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENT }, async (_, i) => {
          let n = i * 60;
          while (performance.now() < until) {
            await floorMove(floor, `tp-${i}-${Math.floor(n / 400)}`, steps[n++ % steps.length]!);
            done++;
          }
        }),
      );
      return done / ((performance.now() - start) / 1000);
    };
    const throughput = (url: string) =>
      ask<{ perSecond: number }>({
        kind: 'throughput',
        url,
        games: CONCURRENT,
        seconds: THROUGHPUT_SECONDS,
        clients: 'referee',
      });
    const tp = { floor: [] as number[], uncached: [] as number[], cached: [] as number[] };
    for (let r = 0; r < 2; r++) {
      tp.floor.push(await floorLoops());
      tp.uncached.push((await throughput(uncachedUrl)).perSecond);
      tp.cached.push((await throughput(cachedUrl)).perSecond);
    }

    // Cost on AWS terms, through the app with nothing cached (and, for comparison, cached).
    const viaApp = (a: typeof apps.cached) => (url: string, init: RequestInit) => Promise.resolve(a.request(url, init));
    const cost = await moveCosts(meter, viaApp(apps.uncached), [10, 300], COST_SPAN);
    const cachedCost = await moveCosts(meter, viaApp(apps.cached), [10], COST_SPAN, 1);
    const engine = engineMs();

    const fig = {
      headline: latency(samples.uncached.move),
      floor: latency(samples.uncached.floor),
      transport: latency(transportMs),
      cached: latency(samples.cached.move),
      cachedFloor: latency(samples.cached.floor),
      local: latency(samples.local.move),
      localFloor: latency(samples.local.floor),
      worker: latency(extras.worker),
      floorLoop: latency(extras.floorLoop),
    };
    const ratioP50 = round(fig.headline.p50Ms / fig.floor.p50Ms);
    const roundRatio = round(median(roundRatios));
    const transportRatio = round(fig.transport.p50Ms / fig.floor.p50Ms);
    const tpFig = {
      floor: round(median(tp.floor), 0),
      uncached: round(median(tp.uncached), 0),
      cached: round(median(tp.cached), 0),
    };
    const throughputRatio = round(tpFig.uncached / tpFig.floor);
    const breakdown = (kind: 'uncached' | 'cached') => {
      const l = layerSamples[kind];
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
      const m = {
        total: mean(l.total),
        app: mean(l.app),
        store: mean(l.store),
        sdk: mean(l.sdk),
        dynalite: mean(l.dynalite),
      };
      return {
        meanMs: round(m.total, 3),
        clientAndHttpMs: round(m.total - m.app, 3),
        appMs: round(m.app - m.store, 3),
        rulesMs: round(engine, 3),
        storeCodeMs: round(m.store - m.sdk, 3),
        sdkMs: round(m.sdk - m.dynalite, 3),
        dynaliteMs: round(m.dynalite, 3),
      };
    };
    const stagesFig = { uncached: breakdown('uncached'), cached: breakdown('cached') };
    const targets = {
      p50Ratio: judge(ratioP50, 'atMost', TARGET.p50Ratio),
      throughputRatio: judge(throughputRatio, 'atLeast', TARGET.throughputRatio),
      writeUnitsAtMove10: judge(cost.at[10]!.writeUnits, 'atMost', TARGET.writeUnits),
      readUnitsAtMove10: judge(cost.at[10]!.readUnits, 'atMost', TARGET.readUnits),
      writeUnitsAtMove300: judge(cost.at[300]!.writeUnits, 'atMost', TARGET.writeUnits),
      readUnitsAtMove300: judge(cost.at[300]!.readUnits, 'atMost', TARGET.readUnits),
      writeUnitsWholeGame: judge(cost.wholeGame.writeUnits, 'atMost', TARGET.writeUnits),
      readUnitsWholeGame: judge(cost.wholeGame.readUnits, 'atMost', TARGET.readUnits),
    };

    const x = (a: number, b: number) => `x${round(a / b)}`;
    const lat = (f: ReturnType<typeof latency>) => `p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`;
    console.log(
      `headline: a move with nothing cached (the app reads, decides, writes) over loopback HTTP, ${fig.headline.samples} samples`,
    );
    console.log(`  move  ${lat(fig.headline)}`);
    console.log(`  floor ${lat(fig.floor)} (the same Query and writes, raw SDK, each after a GET)`);
    console.log(
      `  -> ${x(fig.headline.p50Ms, fig.floor.p50Ms)} at p50, ${x(fig.headline.p99Ms, fig.floor.p99Ms)} at p99; round by round (${ROUNDS} rounds) median x${roundRatio}, from x${round(Math.min(...roundRatios))} to x${round(Math.max(...roundRatios))}`,
    );
    console.log(
      `  transport floor ${lat(fig.transport)} (the floor's work behind Hono, over the same HTTP and client) -> x${transportRatio} the floor's (round by round x${round(median(transportRatios))}); the move is ${x(fig.headline.p50Ms, fig.transport.p50Ms)} of it`,
    );
    const stageLine = (s: ReturnType<typeof breakdown>) =>
      `client + HTTP ${s.clientAndHttpMs}, app ${s.appMs} (of which the rules ~${s.rulesMs}), store ${s.storeCodeMs}, AWS SDK ${s.sdkMs}, dynalite ${s.dynaliteMs} (ms, mean ${s.meanMs})`;
    console.log(`where a move's time goes (means per move):`);
    console.log(`  nothing cached: ${stageLine(stagesFig.uncached)}`);
    console.log(`  state cached:   ${stageLine(stagesFig.cached)}`);
    console.log(
      `throughput, ${CONCURRENT} games at once: floor ${tpFig.floor}/s, moves with nothing cached ${tpFig.uncached}/s -> x${throughputRatio} (cached: ${tpFig.cached}/s, x${round(tpFig.cached / tpFig.floor)})`,
    );
    const units = (u: UnitFigures) =>
      `${u.requests} requests, ${u.readUnits} RCU, ${u.writeUnits} WCU (indexes ${u.indexWriteUnits})`;
    console.log(`cost of a move's POST on AWS terms, nothing cached (games of ${cost.games.join(', ')} moves):`);
    console.log(`  from move 10 (mean of ${COST_SPAN}): ${units(cost.at[10]!)}; e.g. ${cost.writes[10]?.join(', ')}`);
    console.log(`  from move 300 (mean of ${COST_SPAN}): ${units(cost.at[300]!)}`);
    console.log(`  whole games: ${units(cost.wholeGame)}; the GET before it: ${units(cost.get)}`);
    console.log(`  with the state cached, from move 10: ${units(cachedCost.at[10]!)}`);
    console.log('extras (they flatter; not the headline):');
    console.log(
      `  state cached:   ${lat(fig.cached)} -> ${x(fig.cached.p50Ms, fig.cachedFloor.p50Ms)} its floor's p50`,
    );
    console.log(`  cached, without HTTP: ${lat(fig.local)} -> ${x(fig.local.p50Ms, fig.localFloor.p50Ms)}`);
    console.log(
      `  client in a worker thread (cached): ${lat(fig.worker)} -> ${x(fig.worker.p50Ms, fig.floor.p50Ms)} the headline floor's`,
    );
    console.log(`  floor timed in a tight loop of its own: ${lat(fig.floorLoop)}`);
    const names = {
      p50Ratio: `move p50 <= x${TARGET.p50Ratio} the floor's`,
      throughputRatio: `throughput >= x${TARGET.throughputRatio} the floor's`,
      writeUnitsAtMove10: `<= ${TARGET.writeUnits} write units a move on AWS, from move 10`,
      readUnitsAtMove10: `<= ${TARGET.readUnits} read unit a move on AWS, from move 10`,
      writeUnitsAtMove300: `<= ${TARGET.writeUnits} write units, from move 300`,
      readUnitsAtMove300: `<= ${TARGET.readUnits} read unit, from move 300`,
      writeUnitsWholeGame: `<= ${TARGET.writeUnits} write units, over whole games`,
      readUnitsWholeGame: `<= ${TARGET.readUnits} read unit, over whole games`,
    };
    for (const [name, j] of Object.entries(targets))
      console.log(`  ${verdict(j)}  ${names[name as keyof typeof names]}: ${j.value}`);
    report('api', {
      headline: {
        move: fig.headline,
        floor: fig.floor,
        ratioP50,
        ratioP99: round(fig.headline.p99Ms / fig.floor.p99Ms),
        medianRoundRatioP50: roundRatio,
        transport: fig.transport,
        transportRatioP50: transportRatio,
        transportMedianRoundRatioP50: round(median(transportRatios)),
        moveOverTransportP50: round(fig.headline.p50Ms / fig.transport.p50Ms),
      },
      stages: stagesFig,
      throughput: {
        concurrentGames: CONCURRENT,
        floorPerSec: tpFig.floor,
        movesPerSec: tpFig.uncached,
        ratio: throughputRatio,
        cachedMovesPerSec: tpFig.cached,
      },
      costPerMove: {
        atMove10: cost.at[10],
        atMove300: cost.at[300],
        wholeGame: cost.wholeGame,
        get: cost.get,
        cachedAtMove10: cachedCost.at[10],
        games: cost.games,
      },
      extras: {
        cached: { ...fig.cached, ratioP50: round(fig.cached.p50Ms / fig.cachedFloor.p50Ms) },
        withoutHttp: { ...fig.local, ratioP50: round(fig.local.p50Ms / fig.localFloor.p50Ms) },
        clientInWorker: fig.worker,
        floorInTightLoop: fig.floorLoop,
      },
      targets,
      allPass: Object.values(targets).every((t) => t.pass),
    });
  } finally {
    await worker.terminate();
    for (const s of servers) s.close();
    transport?.close();
    await dynamo.stop();
  }
}

await main();
