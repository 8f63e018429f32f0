/**
 * `npm start`: the same app as on Lambda, on Node, with an embedded DynamoDB (dynalite) whose data
 * lives in .data/ and survives restarts. No AWS account needed.
 *   PORT (3000), HOST (127.0.0.1), DATA_DIR (.data), TOKEN_SECRET (else one is made and kept in DATA_DIR)
 *   SWEEP_SECONDS (60): how often the sweeper of due work (turn timeouts) runs in this process; 0: never
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { appSweeper, createApp, jsonLogger, sweepEvery } from '@chickenfoot/api';
import { EventStore } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';

const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
mkdirSync(dataDir, { recursive: true });

// Tokens are signed with this key: keeping it with the data keeps players' tokens valid across restarts.
const secretFile = join(dataDir, 'token-secret');
if (!process.env.TOKEN_SECRET && !existsSync(secretFile))
  writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
const secret = process.env.TOKEN_SECRET ?? readFileSync(secretFile, 'utf8').trim();

const dynamo = await startEmbeddedDynamo({ tableName: 'chickenfoot', dataDir: join(dataDir, 'dynamo') }).catch(
  (error: unknown) => {
    // Say what is wrong (say, another server already on this data folder) without a stack trace.
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
const store = new EventStore({ client: dynamo.client, tableName: dynamo.tableName });
const app = createApp({ store, secret });
// The same sweeper the schedule invokes on AWS, on a timer in this process.
const sweepSeconds = Number(process.env.SWEEP_SECONDS ?? 60);
const sweeping =
  sweepSeconds > 0
    ? sweepEvery(appSweeper({ store }), { clock: Date.now, logger: jsonLogger, everyMs: sweepSeconds * 1000 })
    : null;
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  const base = `http://${host}:${info.port}`;
  console.log(
    `Chickenfoot API on ${base}\n  docs     ${base}/docs\n  contract ${base}/openapi.json\n  data     ${dataDir}\n  sweeper  ${sweeping ? `every ${sweepSeconds} s` : 'off'}`,
  );
});

async function shutdown(): Promise<void> {
  server.close();
  await sweeping?.stop();
  await dynamo.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
