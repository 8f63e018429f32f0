/**
 * `npm run bench:flood`: how much a flood on one game slows another game, judged on a quiet machine.
 * The app as deployed (default limits) behind a Node server on loopback, on an in-process dynalite; a
 * client in its own process floods one game at 25 times the per-player limit, then at full speed over
 * 32 connections, while another game's moves are timed; the conditions take turns (quiet, flood at
 * 500/s, flood at full speed, …). The target: the other game's p50 under the 500/s flood at most 3 times
 * its quiet p50 (what the limiter is for). The full-speed flood saturates one Node process with HTTP
 * alone, so its ratio is reported, not judged (deployed, each request has its own Lambda invocation).
 * The flood suite (test/security/flood.test.ts) runs the same at a smaller size and judges only counts.
 * Last line: one JSON object (also in .tmp/bench/flood.json).
 */
import { createApp } from '@chickenfoot/api';
import { silentLogger } from '@chickenfoot/app';
import { TestClient } from '@chickenfoot/api/testing';
import { openStore } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Flood } from '../security/support/flood-client';
import { RATE, runFlood } from '../security/support/flood-run';
import { judge, report, round, verdict } from './stats';

const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 10);
const WINDOW = { moves: 40, ms: 5_000 };
const TARGET = { steadyRatio: 3, floodRate: RATE * 0.6 };

const dynamo = await startEmbeddedDynamo({ tableName: 'bench-flood' });
const app = createApp({
  store: openStore({ client: dynamo.client, tableName: dynamo.tableName }),
  secret: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  logger: silentLogger,
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const api = new TestClient((request) => {
  const url = new URL(request.url);
  return fetch(new Request(`${baseUrl}${url.pathname}${url.search}`, request));
});

let flood: Flood | undefined;
try {
  const run = await runFlood(api, baseUrl, { rounds: ROUNDS, window: WINDOW }, (f) => (flood = f));
  console.log(`flood: ${run.summary}`);
  const ratio = judge(round(run.ratio(run.steady)), 'atMost', TARGET.steadyRatio);
  // A precondition, not a target of the server: a flood that never reached its aim measured too little.
  const reached = judge(round(run.steady.rate, 0), 'atLeast', TARGET.floodRate);
  console.log(
    `${verdict(ratio)}  another game's p50 under a ${RATE}/s flood: ×${ratio.value} of quiet (≤ ×${ratio.limit})`,
  );
  console.log(
    `${verdict(reached)}  the flood reached ${reached.value}/s (≥ ${reached.limit}/s, or it measured too little)`,
  );
  report('flood', {
    rounds: ROUNDS,
    steadyRatio: ratio,
    floodRate: reached,
    fullSpeedRatio: round(run.ratio(run.full)),
    admitted: { steady: run.steady.admitted, full: run.full.admitted },
  });
  process.exitCode = ratio.pass && reached.pass ? 0 : 1;
} finally {
  flood?.kill();
  server.close();
  await dynamo.stop();
}
