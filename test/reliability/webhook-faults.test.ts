// Webhooks through faults: games played while the DynamoDB client (of both app instances and of the
// sweeper) throttles, times out and loses replies, and while the sender fails before sending, dies
// after sending (the attempt never recorded) and meets a receiver that answers 500 now and then. The
// sweeper runs beside the play, then the clock runs on through the retries. Afterwards every
// notification the games' logs call for has reached its receiver at least once (0 lost); the only
// duplicates are a message sent again with the same webhook-id.
import { randomUUID } from 'node:crypto';
import { createApp } from '@chickenfoot/api';
import { appSweeper, type WebhookSender } from '@chickenfoot/app';
import { newKey, TEST_SECRET, TestClient } from '@chickenfoot/api/testing';
import { fisherYates, seededRandom } from '@chickenfoot/rules';
import { createDynamoClient, DUE_SHARDS, ensureTable, openStore } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { startReceiver } from '../support/receiver';
import { expectedNotifications } from '../webhooks/expected';
import { injectFaults } from './support/faults';
import { playThroughFaults, type PlayedGame } from './support/faulty-play';
import type { Player } from './support/games';
import { retryStats, type RetryPolicy } from './support/retrying';
import { chance, scaled, UNLIMITED } from './support/scale';

const GAMES = scaled(4, 50);
const PARALLEL = 4;
const RATES = { throttling: 0.01, timeout: 0.01, 'lost-reply': 0.02 };
const MINUTE = 60_000;

describe('webhooks through faults', () => {
  it(`delivers every notification of ${GAMES} games played through store and sender faults: 0 lost`, async () => {
    const started = performance.now();
    const endpoint = inject('dynamoEndpoint');
    const tableName = `webhook-faults-${randomUUID()}`;
    const clean = createDynamoClient({ endpoint });
    await ensureTable(clean, tableName);
    const client = createDynamoClient({ endpoint, maxAttempts: 2 });
    const rng = seededRandom(71);
    const faults = injectFaults(client, { rates: RATES, rng });
    let offset = 0;
    const clock = () => Date.now() + offset;
    const receiver = await startReceiver((_, n) => ({ status: n % 9 === 4 ? 500 : 204 }));
    const apps = [1, 2].map((instance) =>
      createApp({
        store: openStore({ client, tableName }),
        secret: TEST_SECRET,
        shuffle: fisherYates(seededRandom(70 + instance)),
        limits: UNLIMITED,
        clock,
        logger: () => {},
        webhooks: { allowLoopbackHttp: true },
      }),
    );
    let requests = 0;
    const api = new TestClient((request) => (apps[requests++ % apps.length] as (typeof apps)[number]).request(request));
    const senderFaults = { before: 0, after: 0 };
    const { sendWebhook } = await import('@chickenfoot/webhooks');
    const send: WebhookSender = async (url, headers, body) => {
      if (chance(rng, 0.05)) {
        senderFaults.before++;
        return {
          kind: 'failed',
          status: null,
          reason: 'connect',
          detail: 'injected',
          ms: 0,
          body: '',
          retryAfterMs: null,
          gone: false,
        };
      }
      const outcome = await sendWebhook(url, headers, body, { policy: { allowLoopbackHttp: true } });
      if (chance(rng, 0.05)) {
        senderFaults.after++;
        throw new Error('injected: the sweeper died after sending');
      }
      return outcome;
    };
    const sweeper = appSweeper({
      store: openStore({ client, tableName }),
      clock,
      logger: () => {},
      webhooks: { send, random: () => rng(1000) / 1000 },
    });
    let playing = true;
    const sweeps = (async () => {
      while (playing) {
        await sweeper.sweep(clock());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const owners = new Map<string, Player>();
    const policy: RetryPolicy = { stats: retryStats(), msPerRetryAfterSecond: 5, maxAttempts: 50 };
    const store = openStore({ client: clean, tableName });
    const addEndpoints = async (players: readonly Player[]) => {
      for (const player of players) {
        const url = `${receiver.url}?player=${player.id}`;
        const key = newKey();
        for (let attempt = 0; ; attempt++) {
          const res = await api.call('POST', '/v1/me/webhooks', {
            token: player.token,
            body: { url },
            headers: { 'idempotency-key': key },
          });
          if (res.status === 201) break;
          if (res.status !== 503 || attempt > 20) throw new Error(`add endpoint: ${res.status} ${res.text}`);
        }
        owners.set(player.id, player);
      }
    };
    const played: PlayedGame[] = [];
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < GAMES; index = next++) {
        const options = {
          seats: 2,
          rules: { set: 6 },
          abandons: false,
          abandonRate: 0,
          store,
          beforeCreate: addEndpoints,
        };
        played.push(await playThroughFaults(api, policy, rng, options));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    playing = false;
    await sweeps;

    // The clock runs on through the retries (claims left by a "dead" sweep expire, schedules come due).
    const pending = async () => {
      const pages = await Promise.all(
        Array.from({ length: DUE_SHARDS }, (_, s) =>
          store.due.list(s, new Date(clock() + 365 * 24 * 60 * MINUTE).toISOString()),
        ),
      );
      return pages.flatMap((p) => p.items).filter((i) => i.kind === 'notify' || i.kind === 'webhook-delivery').length;
    };
    let rounds = 0;
    for (; rounds < 400 && (await pending()) > 0; rounds++) {
      offset += 10 * MINUTE;
      await sweeper.sweep(clock());
    }
    expect(await pending()).toBe(0);

    const received = new Map<string, number>();
    for (const request of receiver.requests) {
      const player = new URL(request.path, 'http://x').searchParams.get('player') ?? '';
      const { type, data } = request.json;
      const key = `${player}|${type}|${String(data.gameId)}|${String(data.version)}`;
      received.set(key, (received.get(key) ?? 0) + 1);
    }
    let expected = 0;
    const lost: string[] = [];
    for (const game of played) {
      const commits = await store.streams.readAll(game.gameId);
      const want = expectedNotifications(
        commits,
        game.players.map((p) => p.id),
      );
      for (const [player, counts] of want) {
        const got = [...received.keys()].filter((k) => k.startsWith(`${player}|`) && k.includes(`|${game.gameId}|`));
        const gotByType: Record<string, number> = {};
        for (const k of got) gotByType[k.split('|')[1]!] = (gotByType[k.split('|')[1]!] ?? 0) + 1;
        for (const [type, n] of Object.entries(counts)) {
          expected += n;
          if ((gotByType[type] ?? 0) < n)
            lost.push(`${game.gameId} ${player} ${type}: ${gotByType[type] ?? 0} of ${n}`);
        }
      }
    }
    const distinct = received.size;
    const ids = new Map<string, number>();
    for (const r of receiver.requests)
      ids.set(String(r.headers['webhook-id']), (ids.get(String(r.headers['webhook-id'])) ?? 0) + 1);
    const resent = receiver.requests.length - ids.size;
    await receiver.close();
    console.log(
      `webhook faults: ${played.length} games, ${expected} notifications expected, ${distinct} distinct received, ${lost.length} lost; ` +
        `${receiver.requests.length} requests (${resent} with a webhook-id seen before: 500s retried, resends after a "dead" sweep); ` +
        `store faults ${JSON.stringify(faults.byKind)} of ${faults.requests} requests; sender faults ${JSON.stringify(senderFaults)}; ` +
        `${rounds} catch-up sweeps; ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(lost).toEqual([]);
    expect(distinct).toBe(expected);
    // Every extra request repeats a webhook-id: a message is never made twice under two ids.
    expect(ids.size).toBe(distinct);
  }, 600_000);
});
