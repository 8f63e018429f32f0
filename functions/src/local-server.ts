import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, loadContract, type AppOptions } from '@chickenfoot/api';
import { appSweeper, jsonLogger, sweepEvery, TestClock } from '@chickenfoot/app';
import { openStore, type Store } from '@chickenfoot/store';
import { startEmbeddedDynamo, type Durability } from '@chickenfoot/store/embedded';
import { WebAssets, webRoutes } from '@chickenfoot/web';
import { crossOrigin } from './cross-origin';
import { createSite } from './site';

/** What `npm start` serves, and where. Entry points fill this in from the environment. */
export interface LocalServerOptions {
  /** The data folder: the embedded DynamoDB's files and, unless `secret` is given, the token key. */
  readonly dataDir: string;
  readonly port: number;
  readonly host: string;
  /** The token-signing key; by default one is generated on first start and kept in `dataDir`. */
  readonly secret?: string;
  /**
   * The secret the Web Push (VAPID) keys are derived from; by default one is generated on first start
   * and kept in `dataDir` beside the token key, so browsers subscribed stay subscribed across restarts.
   */
  readonly vapidSecret?: string;
  /** Who push services may contact about this server's pushes (`mailto:` or `https:`). */
  readonly vapidSubject?: string;
  /** Passed to the app as they are (a benchmark's seeded deals, a logger). */
  readonly app?: Pick<AppOptions, 'shuffle' | 'logger' | 'limits'>;
  /**
   * How often the sweeper of due work (turn timeouts) runs in the process, in ms: the same sweeper the
   * schedule invokes on AWS, on a timer (default every minute, as there; 0: never).
   */
  readonly sweepMs?: number;
  /**
   * Webhook endpoints over plain HTTP to this machine are accepted and delivered to (default true:
   * a server started for local development); false holds them to the production policy (HTTPS to
   * public addresses only).
   */
  readonly webhooksLoopback?: boolean;
  /**
   * `synced` (the default): every write of a command is on stable storage before its answer leaves,
   * so an acknowledged move survives a power loss; `relaxed`: it survives the process being killed,
   * not a power loss (a throwaway demo). See the store's embedded/durability.ts.
   */
  readonly durability?: Durability;
  /**
   * A test clock (default false): `POST /v1/test-clock/advance` moves this server's time forward, and
   * every game's view shows it. For testing deadlines locally; the Lambda entry has no such option.
   */
  readonly testClock?: boolean;
  /**
   * The origins whose pages may call the API from a browser (CORS), as `-c allowedOrigins` sets them
   * on AWS (default `*`: any; the API takes a bearer token, never a cookie).
   */
  readonly allowedOrigins?: readonly string[];
}

/** A running local server. */
export interface LocalServer {
  /** The base URL, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  readonly dataDir: string;
  /** How often the sweeper runs, in ms (0: it does not). */
  readonly sweepMs: number;
  readonly durability: Durability;
  /** Stops answering and sweeping, closes the embedded DynamoDB and releases the data folder. */
  close(): Promise<void>;
}

/**
 * The local server of `npm start`: the same site as on Lambda (the web client in front of the API),
 * on Node, with an embedded DynamoDB
 * (dynalite) whose data lives in `dataDir` and survives restarts (and, synced, power losses).
 * Reads no environment.
 * @example const server = await startLocalServer({ dataDir: '.data', port: 3000, host: '127.0.0.1' });
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const secret = tokenSecret(dataDir, options.secret);
  const push = pushConfig(dataDir, options);

  const durability = options.durability ?? 'synced';
  const dynamo = await startEmbeddedDynamo({ tableName: 'chickenfoot', dataDir: join(dataDir, 'dynamo'), durability });
  const store = openStore({ client: dynamo.client, tableName: dynamo.tableName });
  // A commit with notifications, or bots left to move, asks the sweeper to run soon: a webhook's first
  // attempt follows the move, and a chain of bot moves goes on.
  let sweepSoon = () => {};
  const loopback = options.webhooksLoopback ?? true;
  const { clock, testClock } = clockOf(options.testClock, () => sweepSoon());
  const app = createApp({
    store,
    secret,
    push,
    ...options.app,
    webhooks: { allowLoopbackHttp: loopback, onNotify: () => sweepSoon() },
    // Bots a request's bound stopped are due work: swept soon, as a notification is.
    bots: { onDue: () => sweepSoon() },
    ...(testClock ? { clock, testClock } : {}),
  });
  const assets = new WebAssets();
  if (!assets.built) console.error('The web client is not built: run npm run build:web (npm start does).');
  const cors = crossOrigin(options.allowedOrigins ?? ['*']);
  const site = createSite(app, webRoutes({ assets, contract: loadContract }), cors);
  const server = serve({ fetch: site.fetch, port: options.port, hostname: options.host });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.once('listening', () => done());
  }).catch(async (error: unknown) => {
    await dynamo.stop();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const sweepMs = options.sweepMs ?? 60_000;
  const sweeping = sweepMs > 0 ? startSweeping(store, options, { loopback, clock, sweepMs, push }) : null;
  if (sweeping) sweepSoon = () => sweeping.soon();
  return {
    url: `http://${options.host}:${port}`,
    dataDir,
    sweepMs: sweeping ? sweepMs : 0,
    durability,
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      await sweeping?.stop();
      await dynamo.stop();
    },
  };
}

/** The app's sweeper on the server's store and clock, on a timer, as the schedule runs it on AWS. */
function startSweeping(
  store: Store,
  options: LocalServerOptions,
  at: { loopback: boolean; clock: () => number; sweepMs: number; push: ReturnType<typeof pushConfig> },
) {
  const logger = options.app?.logger ?? jsonLogger;
  const sweeper = appSweeper({
    store,
    logger,
    // Started for local development: receivers on this machine over plain HTTP are allowed.
    webhooks: { allowLoopbackHttp: at.loopback },
    push: at.push,
    clock: at.clock,
    // The sweeper shares this process with the API: a chain of bot moves nobody waits on rests as
    // long as each move took, so players' requests get the CPU half the time at least.
    bots: { restRatio: 1 },
    ...(options.app?.shuffle ? { shuffle: options.app.shuffle } : {}),
  });
  return sweepEvery(sweeper, { clock: at.clock, logger, everyMs: at.sweepMs });
}

/** The server's clock: the machine's, or a test clock on it that sweeps once moved (`onAdvance`). */
function clockOf(wanted: boolean | undefined, onAdvance: () => void) {
  if (!wanted) return { clock: Date.now, testClock: null };
  const testClock = new TestClock(Date.now);
  return { clock: testClock.now, testClock: { clock: testClock, onAdvance } };
}

/**
 * The token-signing key: the one given, or the one kept in `dataDir` (made on the first start).
 * Tokens are signed with it: keeping it with the data keeps players' tokens valid across restarts.
 */
function tokenSecret(dataDir: string, given: string | undefined): string {
  return keptSecret(dataDir, 'token-secret', given);
}

/** Web Push: the VAPID secret given, or the one kept in `dataDir` beside the token key; the contact given. */
function pushConfig(dataDir: string, options: LocalServerOptions) {
  const secret = keptSecret(dataDir, 'vapid-secret', options.vapidSecret);
  return { secret, ...(options.vapidSubject ? { subject: options.vapidSubject } : {}) };
}

/** A secret: the one given, or the one kept in `dataDir`'s file `name` (made on the first start, 48 random bytes). */
function keptSecret(dataDir: string, name: string, given: string | undefined): string {
  const file = join(dataDir, name);
  if (!given && !existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return given ?? readFileSync(file, 'utf8').trim();
}
