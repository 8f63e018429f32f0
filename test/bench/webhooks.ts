/**
 * `npm run bench:webhooks`: how soon a player hears of their turn on `npm start`. `npm start` runs
 * as a newcomer runs it (its own process, embedded DynamoDB on disk, the sweeper on its minute timer);
 * a receiver on loopback in this process takes the deliveries. Pairs of players, each with an
 * endpoint for `turn.started`, play double-6 games one move at a time:
 *   latency    from sending a move that passes the turn to the moment the other player's
 *              `turn.started` reaches the receiver (its first attempt): p50/p99, and as a ratio to the
 *              move's own round trip in the same run (the baseline: what the mover waited for);
 *   requests   receiver requests per notification (1.00: each delivered at its first attempt), and
 *              notifications missed (expected by the moves, never received);
 *   cost       then, in process (webhook-cost.ts), the same game with and without endpoints: the move
 *              path's extra DynamoDB units per move, and the sweeper's requests and units per
 *              notification, on AWS terms.
 * Last line: one JSON object (also in .tmp/bench/webhooks.json).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonCall } from './json-call';
import { npmStart } from './npm-start';
import { webhookCost } from './webhook-cost';
import { latency, percentile, report, round } from './stats';

const GAMES = 6;
const MOVES_PER_GAME = 60;
const PAUSE_MS = 40;

interface Arrival {
  at: number;
  id: string;
}

async function main() {
  const arrivals = new Map<string, Arrival[]>();
  let requests = 0;
  const receiver = createServer((req, res) => {
    const at = performance.now();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests++;
      const { data } = JSON.parse(body) as { data: { gameId: string; version: number } };
      const key = `${data.gameId}@${data.version}`;
      arrivals.set(key, [...(arrivals.get(key) ?? []), { at, id: String(req.headers['webhook-id']) }]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const server = await npmStart();
  const call = jsonCall((path, init) => fetch(`${server.baseUrl}${path}`, init));
  /** `call`, waiting out the per-player rate limit as a polite client does (Retry-After). */
  const polite = async (...args: Parameters<typeof call>) => {
    for (;;) {
      const res = await call(...args);
      if (res.status !== 429) return res;
      await new Promise((r) => setTimeout(r, Number(res.retryAfter ?? 1) * 1000));
    }
  };
  let stopped = false;
  let keys = 0;
  const key = () => `bench-webhooks-${process.pid}-${++keys}-0000000000`;
  try {
    const waits: number[] = [];
    const moves: number[] = [];
    let expected = 0;
    let missed = 0;
    for (let g = 0; g < GAMES; g++) {
      const players = [];
      for (const name of ['Ann', 'Bob']) {
        const reg = await call('POST', '/v1/players', undefined, { name });
        const token = reg.body.token as string;
        const added = await call(
          'POST',
          '/v1/me/webhooks',
          token,
          { url: hook, events: ['turn.started'] },
          { 'idempotency-key': key() },
        );
        if (added.status !== 201) throw new Error(`endpoint: ${added.status} ${JSON.stringify(added.body)}`);
        players.push(token);
      }
      const created = await call(
        'POST',
        '/v1/games',
        players[0],
        { seats: 2, rules: { set: 6 } },
        { 'idempotency-key': key() },
      );
      const gameId = created.body.game.id as string;
      await call(
        'POST',
        `/v1/games/${gameId}/join`,
        players[1],
        { inviteCode: created.body.game.inviteCode },
        { 'idempotency-key': key() },
      );
      for (let m = 0; m < MOVES_PER_GAME; m++) {
        // Moves a moment apart, as players' are (hours, in truth): each notification is measured alone.
        await new Promise((r) => setTimeout(r, PAUSE_MS));
        const table = await polite('GET', `/v1/games/${gameId}`, players[0]);
        if (table.body.status !== 'playing') break;
        const seat = table.body.hand.turn as number;
        const view = await polite('GET', `/v1/games/${gameId}`, players[seat]);
        const move = view.body.legalMoves.find((x: { type: string }) => x.type === 'play') ?? view.body.legalMoves[0];
        let sent = performance.now();
        let done = await call('POST', `/v1/games/${gameId}/moves`, players[seat], move, {
          'if-match': `"${view.body.version}"`,
          'idempotency-key': key(),
        });
        // Over the rate limit: wait as told, and time the retry from when it is sent.
        while (done.status === 429) {
          await new Promise((r) => setTimeout(r, Number(done.retryAfter ?? 1) * 1000));
          sent = performance.now();
          done = await call('POST', `/v1/games/${gameId}/moves`, players[seat], move, {
            'if-match': `"${view.body.version}"`,
            'idempotency-key': key(),
          });
        }
        moves.push(performance.now() - sent);
        if (done.status !== 200) throw new Error(`move: ${done.status} ${JSON.stringify(done.body)}`);
        const after = await polite('GET', `/v1/games/${gameId}`, players[0]);
        if (after.body.status !== 'playing' || after.body.hand.turn === seat) continue;
        // The other player's turn began with this move's commit: its notification names that version.
        expected++;
        const wanted = `${gameId}@${done.body.version as number}`;
        const deadline = performance.now() + 5_000;
        while (!arrivals.has(wanted) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
        const arrival = arrivals.get(wanted)?.[0];
        if (arrival) waits.push(arrival.at - sent);
        else missed++;
      }
    }
    const ids = new Set([...arrivals.values()].flat().map((a) => a.id));
    const wait = latency(waits);
    const move = latency(moves);
    console.log(
      `moves                  ${move.samples}, round trip p50 ${move.p50Ms} ms, p99 ${move.p99Ms} ms (the baseline)`,
    );
    console.log(
      `move → first attempt   p50 ${wait.p50Ms} ms, p99 ${wait.p99Ms} ms over ${wait.samples} turn changes (${round(wait.p50Ms / move.p50Ms)}× the move's p50)`,
    );
    console.log(
      `requests/notification  ${round(requests / Math.max(1, ids.size))} (${requests} requests, ${ids.size} notifications), missed ${missed} of ${expected}`,
    );
    await server.stop();
    stopped = true;
    const cost = await webhookCost();
    console.log(
      `cost                   ${cost.notifications} notifications over ${cost.moves} moves (same game both runs: ${cost.sameGame}): ` +
        `move path +${cost.movePath.extraReadUnitsPerMove} RCU, +${cost.movePath.extraWriteUnitsPerMove} WCU, +${cost.movePath.extraRequestsPerMove} requests a move; ` +
        `sweeper ${cost.sweeper.requestsPerNotification} requests, ${cost.sweeper.readUnitsPerNotification} RCU, ${cost.sweeper.writeUnitsPerNotification} WCU a notification`,
    );
    report('webhooks', {
      cost,
      moveToFirstAttempt: { ...wait, p90Ms: round(percentile(waits, 0.9)) },
      moveRoundTrip: move,
      ratioP50: round(wait.p50Ms / move.p50Ms),
      requestsPerNotification: round(requests / Math.max(1, ids.size)),
      notifications: ids.size,
      expected,
      missed,
    });
  } finally {
    if (!stopped) await server.stop();
    receiver.close();
  }
}

await main();
