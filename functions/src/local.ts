/**
 * `npm start`: the same site as on Lambda (the web client in front of the API), on Node, with an
 * embedded DynamoDB (dynalite) whose data lives in .data/ and survives restarts. No AWS account needed.
 * `npm start` builds the web client's bundle first (`npm run build:web`).
 *   PORT (3000), HOST (127.0.0.1), DATA_DIR (.data), TOKEN_SECRET (else one is made and kept in DATA_DIR)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '@chickenfoot/api';
import { EventStore } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { WebAssets, webRoutes } from '@chickenfoot/web';
import { createSite } from './site';

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
const api = createApp({ store: new EventStore({ client: dynamo.client, tableName: dynamo.tableName }), secret });
const assets = new WebAssets();
if (!assets.built) console.error('The web client is not built: run npm run build:web (npm start does).');
const site = createSite(api, webRoutes({ assets }));
const server = serve({ fetch: site.fetch, port, hostname: host }, (info) => {
  const base = `http://${host}:${info.port}`;
  console.log(
    `Chickenfoot on ${base}\n  play     ${base}/\n  docs     ${base}/docs\n  contract ${base}/openapi.json\n  data     ${dataDir}`,
  );
});

async function shutdown(): Promise<void> {
  server.close();
  await dynamo.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
