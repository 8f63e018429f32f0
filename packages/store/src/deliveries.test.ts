import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DELIVERY_DUE, type NewDelivery } from './delivery';
import type { DueItem } from './due';
import type { Store } from './store';
import { DUE_SHARDS } from './table';
import { testStore } from './testing';

let store: Store;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

const at = '2026-12-01T10:00:00.000Z';
const message = (endpointId: string, messageId: string, createdAt = at): NewDelivery => ({
  endpointId,
  playerId: 'p_1',
  messageId,
  type: 'turn.started',
  gameId: 'g_1',
  payload: JSON.stringify({ type: 'turn.started', messageId }),
  createdAt,
});

async function dueDeliveries(by: string): Promise<DueItem[]> {
  const pages = await Promise.all(Array.from({ length: DUE_SHARDS }, (_, s) => store.due.list(s, by)));
  return pages.flatMap((p) => p.items).filter((i) => i.kind === DELIVERY_DUE);
}

describe('deliveries', () => {
  it('makes a delivery once per message: made again, the first is found', async () => {
    const first = await store.deliveries.put(message('we_a', 'msg_1'), at);
    const again = await store.deliveries.put(message('we_a', 'msg_1'), at);
    expect(first.created).toBe(true);
    expect(again).toEqual({ delivery: first.delivery, created: false });
    expect((await store.deliveries.list('we_a')).deliveries).toHaveLength(1);
  });

  it('keeps messages made in the same millisecond apart, and finds each again', async () => {
    const made = [];
    for (const id of ['msg_x', 'msg_y', 'msg_z']) made.push(await store.deliveries.put(message('we_b', id), at));
    expect(new Set(made.map((m) => m.delivery.seq)).size).toBe(3);
    const again = await store.deliveries.put(message('we_b', 'msg_z'), at);
    expect(again).toMatchObject({ created: false, delivery: { seq: made[2]!.delivery.seq } });
    const log = await store.deliveries.list('we_b');
    expect(log.deliveries.map((d) => d.messageId).sort()).toEqual(['msg_x', 'msg_y', 'msg_z']);
    // Many at once (a fake clock's commits all share a millisecond): each gets a slot of its own.
    const many = await Promise.all(
      Array.from({ length: 60 }, (_, i) => store.deliveries.put(message('we_b2', `msg_${i}`), at)),
    );
    expect(new Set(many.map((m) => m.delivery.seq)).size).toBe(60);
  });

  it('lists an endpoint’s log newest first, a page at a time', async () => {
    for (let i = 0; i < 5; i++)
      await store.deliveries.put(message('we_c', `msg_${i}`, new Date(Date.parse(at) + i * 1000).toISOString()), at);
    const first = await store.deliveries.list('we_c', { limit: 3 });
    expect(first.deliveries.map((d) => d.messageId)).toEqual(['msg_4', 'msg_3', 'msg_2']);
    const second = await store.deliveries.list('we_c', { limit: 3, cursor: first.cursor });
    expect(second.deliveries.map((d) => d.messageId)).toEqual(['msg_1', 'msg_0']);
    expect(second.cursor).toBeNull();
  });

  it('is due work until an attempt settles it, and an attempt holds only while it is still as listed', async () => {
    const { delivery } = await store.deliveries.put(message('we_d', 'msg_d'), at);
    const [item] = (await dueDeliveries('2026-12-01T10:00:01.000Z')).filter((i) => i.key.pk === 'hook#we_d');
    expect(item).toMatchObject({ version: 1 });
    const attempt = { at, status: 500, outcome: 'http-status', ms: 3, detail: 'down' };
    const retry = '2026-12-01T10:00:05.000Z';
    expect(await store.deliveries.recordAttempt(item!, delivery, { attempt, next: retry, status: 'pending' })).toBe(
      true,
    );
    // The same listing again: it moved on (its version and due time), so a second record is refused.
    expect(await store.deliveries.recordAttempt(item!, delivery, { attempt, next: null, status: 'failed' })).toBe(
      false,
    );
    const now = await store.deliveries.read('we_d', delivery.seq);
    expect(now).toMatchObject({ status: 'pending', attemptCount: 1, nextAttemptAt: retry, version: 2 });
    const [again] = (await dueDeliveries('2026-12-01T10:00:06.000Z')).filter((i) => i.key.pk === 'hook#we_d');
    expect(
      await store.deliveries.recordAttempt(again!, now!, {
        attempt: { ...attempt, status: 200, outcome: 'delivered' },
        next: null,
        status: 'delivered',
      }),
    ).toBe(true);
    expect((await dueDeliveries('2026-12-02T00:00:00.000Z')).filter((i) => i.key.pk === 'hook#we_d')).toEqual([]);
    expect(await store.deliveries.read('we_d', delivery.seq)).toMatchObject({
      status: 'delivered',
      attemptCount: 2,
      nextAttemptAt: null,
    });
  });

  it('puts a settled delivery back as due for a redelivery, once', async () => {
    const { delivery } = await store.deliveries.put(message('we_e', 'msg_e'), at);
    const requeued = await store.deliveries.requeue('we_e', delivery.seq, '2026-12-03T00:00:00.000Z', { once: true });
    expect(requeued).toMatchObject({ status: 'pending', once: true, nextAttemptAt: '2026-12-03T00:00:00.000Z' });
    expect(await store.deliveries.requeue('we_e', delivery.seq + 1, at, { once: true })).toBeNull();
  });
});
