import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from '@chickenfoot/api';
import { appSweeper, silentLogger, sweepEvery } from '@chickenfoot/app';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { createSite } from '@chickenfoot/functions/site';
import { serve } from '@hono/node-server';

/** The real site (the web client in front of the API) served over HTTP on a loopback port. */
export interface ServedApp {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * Serves the site (the API on a fresh table of the test dynalite, the web client in front) on
 * 127.0.0.1 and a free port, as `npm start` does. `wrap` sees every request and response (a test's
 * conformance check, say).
 * @example const { baseUrl, close } = await serveApp(inject('dynamoEndpoint'));
 */
export async function serveApp(
  endpoint: string,
  options: Partial<AppOptions> = {},
  wrap?: (request: Request, response: Response) => Promise<Response>,
): Promise<ServedApp> {
  const client = createDynamoClient({ endpoint });
  const tableName = `served-${randomUUID()}`;
  await ensureTable(client, tableName);
  const store = openStore({ client, tableName });
  // The app's sweeper beside it on a timer, as `npm start` runs it: swept soon when bots are left to move.
  const sweeping = sweepEvery(
    appSweeper({ store, logger: silentLogger, webhooks: { allowLoopbackHttp: true }, ...pick(options) }),
    { clock: Date.now, logger: silentLogger, everyMs: 60_000 },
  );
  const api = createApp({
    store,
    secret: `served-${randomUUID()}-secret-secret`,
    logger: silentLogger,
    ...options,
    bots: { ...options.bots, onDue: () => sweeping.soon() },
  });
  const app = createSite(api);
  const fetch = wrap
    ? async (request: Request) => wrap(request.clone(), await app.fetch(request))
    : (request: Request) => app.fetch(request);
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await sweeping.stop();
    },
  };
}

/** The parts of the app's options its sweeper shares: the same deals and bots. */
function pick(options: Partial<AppOptions>) {
  return {
    ...(options.shuffle ? { shuffle: options.shuffle } : {}),
    ...(options.bots ? { bots: options.bots } : {}),
  };
}
