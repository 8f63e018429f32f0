/**
 * `npm run bench:stall`: issue 28's two floods against `npm start` itself (startLocalServer: the app,
 * the web site, the embedded DynamoDB and the sweeper on its timer, default limits, a test clock),
 * while another player's requests are timed. Each flood runs on a fresh server, after a quiet baseline
 * on the same server (ratios, since the machine is noisy):
 * - bots: one account makes 20 games of eight seats at double-15 with 7 strong bots, leaves them (its
 *   seat becomes a bot too: nobody waits on them), then reads them round the clock at 18 requests/s
 *   (under its 20/s limit). Before issue 28 every read settled the bots (64 commits or 2 s each):
 *   another player's GET went from 4-6 ms to 0.6-34 s.
 * - receivers: two accounts with 10 endpoints each at a loopback listener that never answers queue
 *   every test delivery they may; then another player's test delivery is timed to its receiver, a
 *   turn's timeout to its commit (the test clock moved 2 h), and shutdown while attempts hang. Before:
 *   678 deliveries queued, the victim's took 352 s, a sweep 648 s, and SIGTERM did not stop the server.
 * Last line: one JSON object (also in .tmp/bench/stall.json).
 */
import { silentLogger, type LogRecord } from '@chickenfoot/app';
import { newKey, TestClient } from '@chickenfoot/api/testing';
import { startLocalServer, type LocalServer } from '../../functions/src/local-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReceiver } from '../support/receiver';
import { latency, report, round } from './stats';

const SECONDS = Number(process.env.BENCH_STALL_SECONDS ?? 12);
/** `bots` or `receivers`: one flood only. */
const ONLY = process.env.BENCH_STALL_ONLY;

interface Served {
  readonly server: LocalServer;
  readonly api: TestClient;
  readonly sweeps: number[];
  readonly dir: string;
}

async function serve(): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-stall-'));
  const sweeps: number[] = [];
  const logger = (record: LogRecord) => {
    if (record.msg === 'swept' && typeof record.ms === 'number') sweeps.push(record.ms);
    if (process.env.STALL_DEBUG && record.msg === 'swept')
      console.log(new Date().toISOString(), JSON.stringify(record));
    silentLogger(record);
  };
  const server = await startLocalServer({ dataDir: dir, port: 0, host: '127.0.0.1', testClock: true, app: { logger } });
  const api = new TestClient((request) => {
    const url = new URL(request.url);
    return fetch(new Request(`${server.url}${url.pathname}${url.search}`, request));
  });
  return { server, api, sweeps, dir };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `fn` `perSecond` times a second for `seconds`, each call's time in ms (calls overlap if slow). */
async function paced(perSecond: number, seconds: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  const calls: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    await sleep(Math.max(0, due - performance.now()));
    calls.push(
      (async () => {
        const t = performance.now();
        await fn(i);
        times.push(performance.now() - t);
      })(),
    );
  }
  await Promise.all(calls);
  return times;
}

/** Bob's two-seat game with Cy (no bots), clocked; Bob reads it. */
async function victim(api: TestClient) {
  const [bob, cy] = [await api.register('Bob'), await api.register('Cy')];
  const created = await api.createGame(bob.token, { seats: 2, rules: { set: 6, turnHours: 1 } });
  const id: string = created.body.game.id;
  await api.join(cy.token, id, created.body.game.inviteCode);
  return { bob, cy, id, read: () => api.view(bob.token, id) };
}

async function botFlood() {
  const { server, api, sweeps, dir } = await serve();
  try {
    const bob = await victim(api);
    const quiet = await paced(8, SECONDS / 2, bob.read);
    const mallory = await api.register('Mallory');
    const games: string[] = [];
    for (let i = 0; i < 20; i++) {
      const bots = Array.from({ length: 7 }, () => ({ level: 'strong' }));
      const created = await api.createGame(mallory.token, { seats: 8, rules: { set: 15 }, bots });
      await api.leave(mallory.token, created.body.game.id, created.body.version);
      games.push(created.body.game.id);
    }
    const statuses: Record<number, number> = {};
    const [flooded] = await Promise.all([
      paced(8, SECONDS, bob.read),
      paced(18, SECONDS, async (i) => {
        const status = (await api.view(mallory.token, games[i % games.length]!)).status;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    ]);
    let botMoves = 0;
    for (const id of games) botMoves += (await api.view(mallory.token, id)).body.version;
    return {
      quiet: latency(quiet),
      flood: latency(flooded),
      p50Ratio: round(latency(flooded).p50Ms / latency(quiet).p50Ms),
      p99Ratio: round(latency(flooded).p99Ms / latency(quiet).p99Ms),
      floodStatuses: statuses,
      botCommitsInGames: botMoves,
      sweeps: sweeps.length,
      sweepMaxMs: round(Math.max(0, ...sweeps), 0),
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A TCP listener that takes every connection and never answers. */
async function silentListener() {
  const sockets = new Set<Socket>();
  const listener = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => listener.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${port}/hook`, close };
}

async function receiverFlood() {
  const { server, api, sweeps, dir } = await serve();
  const silent = await silentListener();
  const answering = await startReceiver();
  try {
    const post = (token: string, path: string, body?: unknown) =>
      api.call('POST', path, { token, body, headers: { 'idempotency-key': newKey() } });
    const bob = await victim(api);
    const quiet = await paced(8, SECONDS / 4, bob.read);
    const vic = await api.register('Vic');
    const vicEndpoint = (await post(vic.token, '/v1/me/webhooks', { url: answering.url })).body.endpoint;
    // A delivery on a quiet server, for the baseline.
    let t = performance.now();
    await post(vic.token, `/v1/me/webhooks/${vicEndpoint.id}/test`);
    await answering.waitFor(1, 60_000);
    const quietDeliveryMs = performance.now() - t;

    const statuses: Record<number, number> = {};
    // Each account at 15 requests/s (under its limit of 20): 10 endpoints, 5 test deliveries each.
    for (const name of ['Mallory', 'Mal']) {
      const attacker = await api.register(name);
      const endpoints: string[] = [];
      await paced(10, 1, async () => {
        const made = await post(attacker.token, '/v1/me/webhooks', { url: silent.url });
        if (made.status !== 201) throw new Error(`endpoint: ${made.status} ${made.text}`);
        endpoints.push(made.body.endpoint.id);
      });
      await paced(15, 50 / 15, async (i) => {
        const status = (await post(attacker.token, `/v1/me/webhooks/${endpoints[i % 10]}/test`)).status;
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    }
    t = performance.now();
    await post(vic.token, `/v1/me/webhooks/${vicEndpoint.id}/test`);
    await answering.waitFor(2, 600_000);
    const floodDeliveryMs = performance.now() - t;
    // Bob's turn runs out: the test clock moves 2 h and the timeout is applied by the sweeper.
    const before = (await bob.read()).body.version as number;
    t = performance.now();
    await api.call('POST', '/v1/test-clock/advance', { body: { hours: 2 } });
    if (process.env.STALL_DEBUG) console.log(new Date().toISOString(), 'advanced');
    while (((await bob.read()).body.version as number) === before) await sleep(20);
    const timeoutMs = performance.now() - t;
    if (process.env.STALL_DEBUG) console.log(new Date().toISOString(), 'timeout seen');
    const flooded = await paced(8, SECONDS / 4, bob.read);
    t = performance.now();
    await server.close();
    const shutdownMs = performance.now() - t;
    return {
      testDeliveries: statuses,
      victimDeliveryMs: { quiet: round(quietDeliveryMs, 0), flood: round(floodDeliveryMs, 0) },
      timeoutAppliedMs: round(timeoutMs, 0),
      quiet: latency(quiet),
      flood: latency(flooded),
      p50Ratio: round(latency(flooded).p50Ms / latency(quiet).p50Ms),
      sweeps: sweeps.length,
      sweepMaxMs: round(Math.max(0, ...sweeps), 0),
      shutdownMs: round(shutdownMs, 0),
    };
  } finally {
    await server.close().catch(() => {});
    await silent.close();
    await answering.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bots = ONLY === 'receivers' ? null : await botFlood();
if (bots)
  console.log(
    `bots: another player's GET p50 ${bots.quiet.p50Ms} → ${bots.flood.p50Ms} ms (×${bots.p50Ratio}), p99 ${bots.quiet.p99Ms} → ${bots.flood.p99Ms} ms (×${bots.p99Ratio}); flood answers ${JSON.stringify(bots.floodStatuses)}; ${bots.botCommitsInGames} commits in the 20 games; ${bots.sweeps} sweeps, longest ${bots.sweepMaxMs} ms`,
  );
const receivers = ONLY === 'bots' ? null : await receiverFlood();
if (receivers)
  console.log(
    `receivers: test deliveries ${JSON.stringify(receivers.testDeliveries)}; another player's delivery ${receivers.victimDeliveryMs.quiet} → ${receivers.victimDeliveryMs.flood} ms; a timeout applied ${receivers.timeoutAppliedMs} ms after its time; GET p50 ${receivers.quiet.p50Ms} → ${receivers.flood.p50Ms} ms; ${receivers.sweeps} sweeps, longest ${receivers.sweepMaxMs} ms; shutdown ${receivers.shutdownMs} ms`,
  );
report('stall', { seconds: SECONDS, bots, receivers });
