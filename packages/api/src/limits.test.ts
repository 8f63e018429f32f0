import { CostMeter, createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { GameWatcher, RateLimitedError } from '@chickenfoot/app';
import { RateLimiter } from './http/rate-limit';
import { testApi } from './testing';

describe('rate limits', () => {
  it('a bucket allows its burst, then refills at its rate', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 3, perSecond: 2 }, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    expect(limiter.retryAfter('a')).toBe(1);
    now = 500;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });

  it('a player over the limit gets 429 with Retry-After; other players are not affected', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 3, perSecond: 0.5 } } });
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.call('GET', '/v1/me', { token: ann.token })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await api.call('GET', '/v1/me', { token: ann.token });
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.body).toMatchObject({ code: 'request/too-many-requests', status: 429 });
    expect((await api.call('GET', '/v1/me', { token: bob.token })).status).toBe(200);
  });

  it('registrations are limited per client address', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), {
      limits: { registrations: { burst: 2, perSecond: 0.1 } },
    });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await api.call('POST', '/v1/players', { body: { name: `P${i}` } })).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('long-poll', () => {
  it('many clients waiting on one game cost one read per interval, not one each', async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = createDynamoClient({ endpoint });
    const tableName = `watch-${randomUUID()}`;
    await ensureTable(client, tableName);
    const meter = new CostMeter();
    const store = openStore({ client, tableName, meter });
    await store.streams.append('g1', 0, [{ type: 'Started' }]);
    const watcher = new GameWatcher(store, 50, 1);
    meter.reset();
    const waits = Array.from({ length: 20 }, (_, i) => watcher.wait('g1', `player-${i}`, 1, 600));
    setTimeout(() => void store.streams.append('g1', 1, [{ type: 'Moved' }]), 300);
    const versions = await Promise.all(waits);
    expect(versions).toEqual(Array(20).fill(2));
    const reads = meter.snapshot().requests - 1; // minus the append
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(10); // ~300 ms / 50 ms of polling for all twenty
  });

  it('a player holds a few waits at once; one more is refused with when to retry, and an aborted wait ends', async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = createDynamoClient({ endpoint });
    const tableName = `watch-${randomUUID()}`;
    await ensureTable(client, tableName);
    const store = openStore({ client, tableName });
    const watcher = new GameWatcher(store, 50, 2);
    const abort = new AbortController();
    const started = Date.now();
    const { signal } = abort;
    const held = [watcher.wait('g1', 'ann', 5, 5000, { signal }), watcher.wait('g2', 'ann', 5, 5000, { signal })];
    const third = await watcher.wait('g3', 'ann', 5, 5000).catch((error: unknown) => error);
    expect(third).toBeInstanceOf(RateLimitedError);
    // The first held wait ends within 5 s at the latest: that is when to try again.
    expect((third as RateLimitedError).retryAfter).toBe(5);
    expect(Date.now() - started).toBeLessThan(200);
    // Another player, and a wait of 0 (no wait at all), are not held back by Ann's.
    expect(await watcher.wait('g3', 'bob', 5, 10)).toBe(5);
    expect(await watcher.wait('g3', 'ann', 5, 0)).toBe(5);
    abort.abort();
    expect(await Promise.all(held)).toEqual([5, 5]);
    // Their slots are free again.
    expect(await watcher.wait('g3', 'ann', 5, 10)).toBe(5);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
