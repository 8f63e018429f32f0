import { spawn } from 'node:child_process';
import { once } from 'node:events';

// The flooding client runs in its own process, so its own work does not hold up the server's event
// loop the way it would in the test's process. Switched on with a rate, it starts that many requests
// a second (open loop, at most `concurrency` in flight: beyond that it skips); with rate 0 it sends
// as fast as `concurrency` connections are answered (closed loop: the server is always busy).
const SCRIPT = String.raw`
const { url, token, gameId, concurrency } = JSON.parse(process.env.FLOOD);
const auth = { authorization: 'Bearer ' + token };
let rate = -1, stop = false, sent = 0, skipped = 0, inFlight = 0;
const counts = {};
const requests = [
  () => fetch(url + '/v1/games/' + gameId, { headers: auth }),
  () => fetch(url + '/v1/games/' + gameId + '/events?after=0', { headers: auth }),
  () => fetch(url + '/v1/games/' + gameId + '/moves', { method: 'POST', body: '{"type":"pass"}',
        headers: { ...auth, 'content-type': 'application/json', 'if-match': '"1"', 'idempotency-key': crypto.randomUUID() } }),
  () => fetch(url + '/v1/games/' + gameId),
];
async function one(n) {
  inFlight++;
  try {
    const res = await requests[n % requests.length]();
    await res.arrayBuffer();
    counts[res.status] = (counts[res.status] || 0) + 1;
  } catch { counts.error = (counts.error || 0) + 1; }
  inFlight--;
  sent++;
}
let n = 0;
async function closedLoop() {
  while (!stop) {
    if (rate !== 0) { await new Promise((r) => setTimeout(r, 5)); continue; }
    await one(n++);
  }
}
setInterval(() => {
  if (rate <= 0) return;
  for (let i = 0; i < rate / 100; i++) {
    if (inFlight >= concurrency) skipped++;
    else void one(n++);
  }
}, 10);
process.on('message', (m) => {
  if (m === 'stop') stop = true;
  else if (m === 'report') process.send({ sent, skipped, counts });
  else rate = Number(m);
});
Promise.all(Array.from({ length: concurrency }, closedLoop)).then(async () => {
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  process.send({ sent, skipped, counts }, () => process.exit(0));
});
`;

/** What the flood sent and what it was answered. */
export interface FloodStats {
  readonly sent: number;
  /** Requests the open loop did not start because `concurrency` were in flight. */
  readonly skipped: number;
  /** Answers by HTTP status (`error` for a failed connection). */
  readonly counts: Record<string, number>;
}

/** A flooding client in a child process, idle until switched on. */
export interface Flood {
  /** Floods at `rate` requests a second, or as fast as it is answered with 0. */
  on(rate: number): void;
  off(): void;
  /** What it has sent so far. */
  report(): Promise<FloodStats>;
  /** Ends the flood and the child process; resolves with what it sent. */
  stop(): Promise<FloodStats>;
  /** Ends the child process at once, if it is still running (after a failed test). */
  kill(): void;
}

/**
 * Starts a client (in its own process) that, once switched on, sends requests about one game: its
 * view, its events and stale moves with the token, and its view without one, in turn.
 * @example const flood = await startFlood(url, token, gameId, 32); flood.on(0); …; const stats = await flood.stop();
 */
export async function startFlood(url: string, token: string, gameId: string, concurrency: number): Promise<Flood> {
  const child = spawn(process.execPath, ['-e', SCRIPT], {
    env: { ...process.env, FLOOD: JSON.stringify({ url, token, gameId, concurrency }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await once(child, 'spawn');
  return {
    on: (rate) => child.send(String(rate)),
    off: () => child.send('-1'),
    report: async () => {
      const result = once(child, 'message');
      child.send('report');
      return structuredClone((await result)[0] as FloodStats);
    },
    stop: async () => {
      const result = once(child, 'message');
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      try {
        return (await result)[0] as FloodStats;
      } finally {
        clearTimeout(timer);
      }
    },
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
