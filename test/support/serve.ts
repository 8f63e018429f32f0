import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp, type AppOptions } from '@chickenfoot/api';
import { silentLogger } from '@chickenfoot/app';
import { createDynamoClient, ensureTable, EventStore } from '@chickenfoot/store';
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
  const api = createApp({
    store: new EventStore({ client, tableName }),
    secret: `served-${randomUUID()}-secret-secret`,
    logger: silentLogger,
    ...options,
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
