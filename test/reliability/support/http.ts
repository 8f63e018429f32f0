import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestClient } from '@chickenfoot/api/testing';
import { serve } from '@hono/node-server';

/** An app served over real HTTP on a free port, counting the requests it is still working on. */
export interface Served {
  readonly base: string;
  /** Requests the app has received and not yet answered (a client that gave up does not end them). */
  inFlight(): number;
  /** Resolves once the app has answered every request it received. */
  idle(): Promise<void>;
  /** A client over HTTP; `signal` aborts its requests (as a client-side timeout does). */
  client(signal?: AbortSignal): TestClient;
  close(): Promise<void>;
}

/**
 * Serves `fetch` (an app's) with @hono/node-server on 127.0.0.1 and a port of the system's choosing.
 * @example const served = await serveOverHttp(app.fetch); await served.client().call('GET', '/v1/me');
 */
export async function serveOverHttp(fetch: (request: Request) => Response | Promise<Response>): Promise<Served> {
  let working = 0;
  let waiters: (() => void)[] = [];
  const counted = async (request: Request) => {
    working++;
    try {
      return await fetch(request);
    } finally {
      if (--working === 0) for (const wake of waiters.splice(0)) wake();
    }
  };
  const server = serve({ fetch: counted, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    inFlight: () => working,
    idle: () => (working === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    client: (signal) =>
      new TestClient(async (request) => {
        const url = new URL(request.url);
        const body = request.method === 'GET' ? undefined : await request.text();
        return globalThis.fetch(`${base}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
          ...(signal ? { signal } : {}),
        });
      }),
    close: () => {
      waiters = [];
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      // fetch keeps connections alive; without this, close waits for them to time out.
      (server as Server).closeAllConnections();
      return closed;
    },
  };
}
