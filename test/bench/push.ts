/**
 * `npm run bench:push`: how soon a person hears of their turn on `npm start` by Web Push. `npm start`
 * runs as a newcomer runs it (its own process, embedded DynamoDB on disk, its VAPID secret made on the
 * first start, the sweeper on its timer, woken by each commit that notifies); a push service on
 * loopback in this process (test/push/push-service.ts) checks each push's VAPID JWT and decrypts it
 * with the subscription's private key, as a browser's would. Pairs of players, each with a device for
 * `turn.started`, play double-6 games one move at a time:
 *   latency    from sending a move that passes the turn to the decrypted push of the other player's
 *              `turn.started` at the push service: p50/p99, and as a ratio to the move's own round trip;
 *   requests   push service requests per push (1.00: each delivered at its first attempt), pushes
 *              missed (expected by the moves, never received), pushes refused as malformed (0);
 *   cost       then, in process (push-cost.ts), the same game with and without devices: the move
 *              path's extra DynamoDB units per move, the sweeper's requests and units per push.
 * Last line: one JSON object (also in .tmp/bench/push.json).
 */
import { startPushService } from '../push/push-service';
import { jsonCall } from './json-call';
import { npmStart } from './npm-start';
import { pushCost } from './push-cost';
import { latency, percentile, report, round } from './stats';

const GAMES = 6;
const MOVES_PER_GAME = 60;
// Ann reads twice and may move each step: 120 ms apart keeps her within the 20 requests/s per player
// that npm start applies (40 ms ran into 429s once the limits counted every read).
const PAUSE_MS = 120;

async function main() {
  const service = await startPushService();
  const server = await npmStart();
  const call = jsonCall((path, init) => fetch(`${server.baseUrl}${path}`, init));
  let stopped = false;
  let keys = 0;
  const key = () => `bench-push-${process.pid}-${++keys}-0000000000`;
  try {
    const waits: number[] = [];
    const moves: number[] = [];
    let [expected, missed] = [0, 0];
    for (let g = 0; g < GAMES; g++) {
      const players: string[] = [];
      for (const name of ['Ann', 'Bob']) {
        const token = (await call('POST', '/v1/players', undefined, { name })).body.token as string;
        const { endpoint, keys: deviceKeys } = service.subscribe(`${name}-${g}`);
        const body = { endpoint, keys: deviceKeys, label: name, events: ['turn.started'] };
        const added = await call('POST', '/v1/me/push-subscriptions', token, body);
        if (added.status !== 201) throw new Error(`device: ${added.status} ${JSON.stringify(added.body)}`);
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
      const code = created.body.game.inviteCode;
      await call('POST', `/v1/games/${gameId}/join`, players[1], { inviteCode: code }, { 'idempotency-key': key() });
      for (let m = 0; m < MOVES_PER_GAME; m++) {
        // Moves a moment apart, as players' are (hours, in truth): each push is measured alone.
        await new Promise((r) => setTimeout(r, PAUSE_MS));
        const table = await call('GET', `/v1/games/${gameId}`, players[0]);
        if (table.body.status !== 'playing') break;
        const seat = table.body.hand.turn as number;
        const view = await call('GET', `/v1/games/${gameId}`, players[seat]);
        const move = view.body.legalMoves.find((x: { type: string }) => x.type === 'play') ?? view.body.legalMoves[0];
        const sent = performance.now();
        const done = await call('POST', `/v1/games/${gameId}/moves`, players[seat], move, {
          'if-match': `"${view.body.version}"`,
          'idempotency-key': key(),
        });
        moves.push(performance.now() - sent);
        if (done.status !== 200) throw new Error(`move: ${done.status} ${JSON.stringify(done.body)}`);
        const after = await call('GET', `/v1/games/${gameId}`, players[0]);
        if (after.body.status !== 'playing' || after.body.hand.turn === seat) continue;
        expected++;
        const version = done.body.version as number;
        const found = () => service.delivered.find((d) => d.json.gameId === gameId && d.json.version === version);
        const deadline = performance.now() + 5_000;
        while (!found() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
        const arrival = found();
        if (arrival) waits.push(arrival.at - sent);
        else missed++;
      }
    }
    const wait = latency(waits);
    const move = latency(moves);
    const perPush = round(service.requests / Math.max(1, service.delivered.length));
    console.log(
      `moves                 ${move.samples}, round trip p50 ${move.p50Ms} ms, p99 ${move.p99Ms} ms (the baseline)`,
    );
    console.log(
      `move → decrypted push p50 ${wait.p50Ms} ms, p99 ${wait.p99Ms} ms over ${wait.samples} turn changes (${round(wait.p50Ms / move.p50Ms)}× the move's p50)`,
    );
    console.log(
      `requests/push         ${perPush} (${service.requests} requests, ${service.delivered.length} pushes), missed ${missed} of ${expected}, refused ${service.refused.length}`,
    );
    await server.stop();
    stopped = true;
    const cost = await pushCost();
    console.log(`cost                  ${JSON.stringify(cost)}`);
    report('push', {
      cost,
      moveToDecryptedPush: { ...wait, p90Ms: round(percentile(waits, 0.9)) },
      moveRoundTrip: move,
      ratioP50: round(wait.p50Ms / move.p50Ms),
      requestsPerPush: perPush,
      pushes: service.delivered.length,
      expected,
      missed,
      refused: service.refused.length,
    });
  } finally {
    if (!stopped) await server.stop();
    await service.close();
  }
}

await main();
