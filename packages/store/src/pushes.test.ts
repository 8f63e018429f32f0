import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DueItem } from './due';
import { PUSH_DUE, pushKeyOf, type NewPush } from './pushes';
import type { Store } from './store';
import { DUE_SHARDS } from './table';
import { testStore } from './testing';

let store: Store;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

const at = '2026-12-01T10:00:00.000Z';
const later = '2026-12-01T10:05:00.000Z';
const push = (subscriptionId: string, gameId: string | null, version: number): NewPush => ({
  subscriptionId,
  playerId: 'p_1',
  gameId,
  type: 'turn.started',
  version,
  payload: JSON.stringify({ version }),
  createdAt: at,
});

async function duePushes(by: string): Promise<DueItem[]> {
  const pages = await Promise.all(Array.from({ length: DUE_SHARDS }, (_, s) => store.due.list(s, by)));
  return pages.flatMap((p) => p.items).filter((i) => i.kind === PUSH_DUE);
}

describe('pushes waiting for a retry', () => {
  it('keeps one push per subscription and game: a newer replaces the one waiting, an older never does', async () => {
    expect(await store.pushes.put(push('ps_a', 'g_1', 3), at, 1)).toBe(true);
    expect(await store.pushes.put(push('ps_a', 'g_1', 5), at, 1)).toBe(true);
    expect(await store.pushes.put(push('ps_a', 'g_1', 4), at, 1)).toBe(false);
    expect(await store.pushes.put(push('ps_a', 'g_2', 1), at, 1)).toBe(true);
    const due = (await duePushes(at)).filter((i) => i.streamId === 'ps_a');
    expect(due).toHaveLength(2);
    const versions = await Promise.all(
      due.map(async (item) => {
        const key = pushKeyOf(item)!;
        return (await store.pushes.read(key.subscriptionId, key.sk))!.version;
      }),
    );
    expect(versions.sort()).toEqual([1, 5]);
  });

  it('settles a claimed push: due again with one more attempt counted, or gone; a replaced one is left as it is', async () => {
    await store.pushes.put(push('ps_b', 'g_1', 1), at, 1);
    let [item] = (await duePushes(at)).filter((i) => i.streamId === 'ps_b');
    const key = pushKeyOf(item!)!;
    let waiting = (await store.pushes.read(key.subscriptionId, key.sk))!;
    expect(await store.due.claim(item!, at, later)).toBe(true);
    expect(await store.pushes.settle(item!, waiting, later)).toBe(true);
    expect(await duePushes(at)).not.toContainEqual(expect.objectContaining({ streamId: 'ps_b' }));
    [item] = (await duePushes(later)).filter((i) => i.streamId === 'ps_b');
    waiting = (await store.pushes.read(key.subscriptionId, key.sk))!;
    expect(waiting.attempts).toBe(2);
    // A newer push for the game lands while this one is claimed: the claim's settle changes nothing.
    expect(await store.due.claim(item!, later, '2026-12-01T10:06:00.000Z')).toBe(true);
    await store.pushes.put(push('ps_b', 'g_1', 2), at, 1);
    expect(await store.pushes.settle(item!, waiting, null)).toBe(false);
    expect((await store.pushes.read(key.subscriptionId, key.sk))!.version).toBe(2);
    // Settled with nothing next, it is deleted.
    [item] = (await duePushes(later)).filter((i) => i.streamId === 'ps_b');
    waiting = (await store.pushes.read(key.subscriptionId, key.sk))!;
    expect(await store.pushes.settle(item!, waiting, null)).toBe(true);
    expect(await store.pushes.read(key.subscriptionId, key.sk)).toBeNull();
  });

  it('keeps a test push (no game) in a place of its own', async () => {
    expect(await store.pushes.put(push('ps_c', null, 0), at, 0)).toBe(true);
    const [item] = (await duePushes(at)).filter((i) => i.streamId === 'ps_c');
    expect(pushKeyOf(item!)).toEqual({ subscriptionId: 'ps_c', sk: '0' });
    expect((await store.pushes.read('ps_c', '0'))!.gameId).toBeNull();
  });
});
