/**
 * What Web Push costs on AWS terms (see aws-meter.ts): the same double-6 game played twice in process,
 * through the app and its sweeper on one embedded DynamoDB, push configured both times: once by two
 * players with no device (the baseline), once by two with a device each (the default events) on a
 * loopback push service. Both runs sweep after every move, so the difference is what the pushes cost:
 * on the move path (the cached lookup of the recipients' devices, the commit's due attributes) and in
 * the sweeper (deriving them, each push's request), per push delivered.
 * `tsx test/bench/push-cost.ts` prints it alone (counts, not timings).
 */
import { fileURLToPath } from 'node:url';
import { createApp } from '@chickenfoot/api';
import { appSweeper, silentLogger } from '@chickenfoot/app';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { createDynamoClient, openStore } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { TABLE } from '@chickenfoot/store/table';
import { startPushService } from '../push/push-service';
import { awsMeter } from './aws-meter';
import { jsonCall } from './json-call';
import { meteredGame } from './metered-game';

const SECRET = 'bench-secret-0123456789-abcdefghijklmnopq';
const PUSH = { secret: 'bench-vapid-secret-0123456789-abcdefghijk' };

/** The push cost figures: per move (the move path's extra) and per push (the sweeper's). */
export async function pushCost() {
  const dynamo = await startEmbeddedDynamo({ tableName: 'bench-push' });
  const meter = awsMeter(dynamo.client, createDynamoClient({ endpoint: dynamo.endpoint }), TABLE);
  const service = await startPushService();
  const store = openStore({ client: dynamo.client, tableName: dynamo.tableName });
  const limits = { perPlayer: { burst: 1e9, perSecond: 1e9 }, registrations: { burst: 1e9, perSecond: 1e9 } };
  const play = async (withDevices: boolean) => {
    // Real time: the push service checks each VAPID JWT's expiry against its own clock, as a real one does.
    let now = Date.now();
    const clock = () => now;
    const shuffle = fisherYates(seededRandom(5));
    const app = createApp({
      store,
      secret: SECRET,
      logger: silentLogger,
      limits,
      clock,
      shuffle,
      push: PUSH,
      webhooks: { allowLoopbackHttp: true },
    });
    const sweeper = appSweeper({
      store,
      clock,
      logger: silentLogger,
      push: PUSH,
      webhooks: { allowLoopbackHttp: true },
    });
    let keys = 0;
    const reply = jsonCall((path, init) =>
      app.request(path, {
        ...init,
        headers: { 'idempotency-key': `bench-push-cost-${withDevices}-${++keys}-000000`, ...init.headers },
      }),
    );
    const call = async (...args: Parameters<typeof reply>) => (await reply(...args)).body as Record<string, any>;
    const tokens: string[] = [];
    for (const name of ['Ann', 'Bob']) {
      const token = (await call('POST', '/v1/players', undefined, { name })).token as string;
      const { endpoint, keys: device } = service.subscribe(`${name}-${withDevices}`);
      if (withDevices) await call('POST', '/v1/me/push-subscriptions', token, { endpoint, keys: device, label: name });
      tokens.push(token);
    }
    const before = service.delivered.length;
    const run = await meteredGame(
      call,
      tokens,
      meter,
      (at) => sweeper.sweep(at),
      () => (now += 60_000),
    );
    return { ...run, pushes: service.delivered.length - before };
  };
  try {
    const without = await play(false);
    const withDevices = await play(true);
    const per = (n: number, d: number) => Number((n / Math.max(1, d)).toFixed(3));
    const n = withDevices.pushes;
    const diff = (k: 'requests' | 'readUnits' | 'writeUnits', of: 'moveCost' | 'sweepCost') =>
      withDevices[of][k] - without[of][k];
    return {
      moves: withDevices.moves,
      pushes: n,
      refused: service.refused.length,
      sameGame: without.moves === withDevices.moves,
      movePath: {
        extraReadUnitsPerMove: per(diff('readUnits', 'moveCost'), withDevices.moves),
        extraWriteUnitsPerMove: per(diff('writeUnits', 'moveCost'), withDevices.moves),
        extraRequestsPerMove: per(diff('requests', 'moveCost'), withDevices.moves),
      },
      sweeper: {
        requestsPerPush: per(diff('requests', 'sweepCost'), n),
        readUnitsPerPush: per(diff('readUnits', 'sweepCost'), n),
        writeUnitsPerPush: per(diff('writeUnits', 'sweepCost'), n),
      },
    };
  } finally {
    await service.close();
    await dynamo.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  console.log(JSON.stringify(await pushCost()));
