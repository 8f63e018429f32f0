/**
 * What webhooks cost on AWS terms (see aws-meter.ts): the same double-6 game played twice in
 * process, through the app and its sweeper on one embedded DynamoDB, once by two players with no
 * endpoint (the baseline) and once by two with an endpoint for every event. Both runs sweep after
 * every move, so the difference is what the notifications cost: on the move path (the cached lookup
 * of the recipients' endpoints, the commit's due attributes) and in the sweeper (deriving them,
 * making the deliveries, each attempt's record), per notification delivered.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@chickenfoot/api';
import { appSweeper, silentLogger } from '@chickenfoot/app';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { createDynamoClient, openStore } from '@chickenfoot/store';
import { startEmbeddedDynamo } from '@chickenfoot/store/embedded';
import { TABLE } from '@chickenfoot/store/table';
import { awsMeter } from './aws-meter';
import { jsonCall } from './json-call';
import { meteredGame, type MeteredGame } from './metered-game';

const SECRET = 'bench-secret-0123456789-abcdefghijklmnopq';

/** The webhook cost figures: per move (the move path's extra) and per notification (the sweeper's). */
export async function webhookCost() {
  const dynamo = await startEmbeddedDynamo({ tableName: 'bench-webhooks' });
  const meter = awsMeter(dynamo.client, createDynamoClient({ endpoint: dynamo.endpoint }), TABLE);
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume().on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const store = openStore({ client: dynamo.client, tableName: dynamo.tableName });
  const limits = { perPlayer: { burst: 1e9, perSecond: 1e9 }, registrations: { burst: 1e9, perSecond: 1e9 } };

  const play = async (withHooks: boolean): Promise<MeteredGame & { notifications: number }> => {
    let now = Date.parse('2026-12-01T10:00:00.000Z');
    const clock = () => now;
    const app = createApp({
      store,
      secret: SECRET,
      logger: silentLogger,
      limits,
      clock,
      shuffle: fisherYates(seededRandom(5)),
      webhooks: { allowLoopbackHttp: true },
    });
    const sweeper = appSweeper({ store, clock, logger: silentLogger, webhooks: { allowLoopbackHttp: true } });
    let keys = 0;
    // Every call carries a fresh Idempotency-Key (the routes that take none ignore it).
    const reply = jsonCall((path, init) =>
      app.request(path, {
        ...init,
        headers: { 'idempotency-key': `bench-webhook-cost-${withHooks}-${++keys}-000000`, ...init.headers },
      }),
    );
    const call = async (...args: Parameters<typeof reply>) => (await reply(...args)).body as Record<string, any>;
    const tokens: string[] = [];
    for (const name of ['Ann', 'Bob']) {
      const token = (await call('POST', '/v1/players', undefined, { name })).token as string;
      if (withHooks) await call('POST', '/v1/me/webhooks', token, { url: hook });
      tokens.push(token);
    }
    const before = received;
    const run = await meteredGame(
      call,
      tokens,
      meter,
      (at) => sweeper.sweep(at),
      () => (now += 60_000),
    );
    return { ...run, notifications: received - before };
  };

  try {
    const without = await play(false);
    const withHooks = await play(true);
    const per = (n: number, d: number) => Number((n / Math.max(1, d)).toFixed(3));
    const n = withHooks.notifications;
    return {
      moves: withHooks.moves,
      notifications: n,
      sameGame: without.moves === withHooks.moves,
      movePath: {
        extraReadUnitsPerMove: per(withHooks.moveCost.readUnits - without.moveCost.readUnits, withHooks.moves),
        extraWriteUnitsPerMove: per(withHooks.moveCost.writeUnits - without.moveCost.writeUnits, withHooks.moves),
        extraRequestsPerMove: per(withHooks.moveCost.requests - without.moveCost.requests, withHooks.moves),
      },
      sweeper: {
        requestsPerNotification: per(withHooks.sweepCost.requests - without.sweepCost.requests, n),
        readUnitsPerNotification: per(withHooks.sweepCost.readUnits - without.sweepCost.readUnits, n),
        writeUnitsPerNotification: per(withHooks.sweepCost.writeUnits - without.sweepCost.writeUnits, n),
      },
    };
  } finally {
    receiver.close();
    await dynamo.stop();
  }
}
