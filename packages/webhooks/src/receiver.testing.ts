import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

/** One request a test receiver got, body included. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** The SNI name the client sent (https only). */
  readonly servername: string | null;
}

/** Answers one request; the body has been read already. */
export type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A real HTTP(S) server on loopback that counts every TCP connection and every request it gets. */
export interface Receiver {
  readonly port: number;
  readonly host: string;
  readonly requests: ReceivedRequest[];
  /** TCP connections accepted, whether or not a request followed (an https client on a plain port, say). */
  connections: number;
  /** `http(s)://host:port/path` with the host as bound (IPv6 in brackets). */
  url(path?: string): string;
  close(): Promise<void>;
}

/** Answers 204, the usual webhook receipt. */
export const noContent: Answer = (_req, res) => res.writeHead(204).end();

/**
 * Starts a receiver on `host` (default 127.0.0.1) on a free port; with `tls` it speaks https.
 *
 * @example
 * const receiver = await startReceiver((req, res) => res.writeHead(500).end());
 */
export async function startReceiver(
  answer: Answer = noContent,
  options: { host?: string; tls?: { key: string; cert: string } } = {},
): Promise<Receiver> {
  const host = options.host ?? '127.0.0.1';
  const requests: ReceivedRequest[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const servername = (req.socket as TLSSocket).servername;
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        servername: typeof servername === 'string' ? servername : null,
      });
      answer(req, res, body);
    });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handle) : createHttpServer(handle);
  const receiver: Receiver = {
    port: 0,
    host,
    requests,
    connections: 0,
    url(path = '/') {
      const shown = host.includes(':') ? `[${host}]` : host;
      return `${options.tls ? 'https' : 'http'}://${shown}:${this.port}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => (receiver.connections += 1));
  // A client that gives up mid-handshake is expected here; it must not crash the test process.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  (receiver as { port: number }).port = (server.address() as AddressInfo).port;
  return receiver;
}

/** A resolver from a fixed table, counting its calls (a hostile or friendly DNS, as the test needs). */
export function tableLookup(table: Record<string, readonly string[] | (() => readonly string[])>) {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}
