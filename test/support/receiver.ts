/**
 * A webhook receiver on loopback for tests: a real HTTP server that records every request it gets
 * and answers as the test says (a status, headers, a body, after a delay). Every request it records
 * is also checked against openapi.yaml's `webhooks` section.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { conformDelivery } from './contract/webhook';

/** One request as the receiver got it. */
export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** When it arrived (the machine's clock, ms). */
  readonly at: number;
  /** Its body, parsed. */
  readonly json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** How the receiver answers its `n`th request (0-based). */
export type Answer = (
  request: Received,
  n: number,
) => {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
};

/** A running receiver. */
export interface Receiver {
  readonly url: string;
  readonly requests: Received[];
  /** Requests whose sender hung up before the answer was sent (a sender that gave up waiting). */
  readonly hungUp: number;
  /** Changes how it answers from now on. */
  answer(answer: Answer): void;
  /** Resolves once it has `count` requests (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (answering 204 unless told otherwise). */
export async function startReceiver(answer: Answer = () => ({ status: 204 })): Promise<Receiver> {
  let respond = answer;
  const requests: Received[] = [];
  let hungUp = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Received['json'];
      try {
        json = JSON.parse(body) as Received['json'];
      } catch {
        json = { type: '', timestamp: '', data: {} };
      }
      const received: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
        json,
      };
      const n = requests.push(received) - 1;
      void conformDelivery({ headers: req.headers, body }).catch(() => {});
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve();
      res.on('close', () => {
        if (!res.writableFinished) hungUp++;
      });
      const reply = respond(received, n);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    get hungUp() {
      return hungUp;
    },
    answer(next) {
      respond = next;
    },
    waitFor(count, ms = 10_000) {
      if (requests.length >= count) return Promise.resolve(requests);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${requests.length} of ${count} requests`)), ms);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(requests);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
