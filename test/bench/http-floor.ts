/**
 * The transport floor of bench:api: the floor's DynamoDB work (floor-work.ts) behind the HTTP stack
 * the app runs on (Hono on @hono/node-server, over the same loopback and the same client), with
 * nothing of the app in between. Its POST reads the JSON body, does one floor move and answers a
 * JSON body the size of a move's reply; its GET answers one the size of a view. What it costs above
 * the floor is what this stack costs a move before the app does anything: the share of the
 * headline's ratio no change to the app can take away.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

/**
 * A move's reply and a seat's view in the bench's games (double-9, 4 seats) are ~3.7 KB and ~3.8 KB
 * at p50: the transport floor answers as much, so that both sides write, send and parse alike.
 */
export const REPLY_BYTES = 3_700;
export const VIEW_BYTES = 3_800;

/** A JSON object of about `bytes` bytes (its one string filled to size). */
const body = (bytes: number) => ({ game: 'y'.repeat(Math.max(0, bytes - 12)) });

/**
 * Serves the transport floor on 127.0.0.1 (a free port): `GET /view` and `POST /move`, which runs `move`.
 * @example const floor = await serveHttpFloor(() => floorMove(floor, 'g', step)); await fetch(`${floor.url}/move`, { method: 'POST', body: '{}' });
 */
export async function serveHttpFloor(move: () => Promise<void>): Promise<{ url: string; close(): void }> {
  const app = new Hono();
  app.get('/view', (c) => c.json(body(VIEW_BYTES)));
  app.post('/move', async (c) => {
    await c.req.json();
    await move();
    return c.json(body(REPLY_BYTES));
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => (server.listening ? resolve(null) : server.once('listening', resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => void server.close() };
}
