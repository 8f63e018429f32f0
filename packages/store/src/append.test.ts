import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ConcurrencyError, StoreError } from './errors';
import type { Store } from './store';
import { testStore } from './testing';

let store: Store;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

describe('append', () => {
  it('writes version 1 to an empty game and reads it back', async () => {
    const at = new Date('2024-05-01T10:00:00.000Z');
    const { commit, replayed } = await store.streams.append('a1', 0, [{ type: 'Created' }, { type: 'Joined' }], {
      at,
      by: 'p1',
    });
    expect(replayed).toBe(false);
    expect(commit).toEqual({
      streamId: 'a1',
      version: 1,
      events: [{ type: 'Created' }, { type: 'Joined' }],
      at: at.toISOString(),
      by: 'p1',
    });
    expect(await store.streams.readCommit('a1', 1)).toEqual(commit);
  });

  it('refuses a version that exists with a ConcurrencyError carrying the current version', async () => {
    await store.streams.append('a2', 0, [{ n: 1 }]);
    await store.streams.append('a2', 1, [{ n: 2 }]);
    await store.streams.append('a2', 2, [{ n: 3 }]);
    const error = await store.streams.append('a2', 1, [{ n: 'late' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'store/concurrency', expectedVersion: 1, currentVersion: 3 });
    expect((await store.streams.readAll('a2')).map((c) => c.events)).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
  });

  it('lets exactly one of 32 concurrent appends at one version win, leaving no gap or duplicate', async () => {
    await store.streams.append('race', 0, [{ n: 'first' }]);
    const head = (writer: number) => ({
      version: 2,
      status: 'playing',
      turn: `p${writer}`,
      seats: [],
      updatedAt: '2024-05-01T10:00:00Z',
    });
    const turn = (writer: number) => ({ from: null, to: `p${writer}`, head: head(writer) });
    const results = await Promise.allSettled(
      Array.from({ length: 32 }, (_, i) =>
        store.streams.append('race', 1, [{ writer: i }], {
          idempotencyKey: `k${i}`,
          commandHash: `h${i}`,
          turn: turn(i),
        }),
      ),
    );
    const winners = results.filter((r) => r.status === 'fulfilled');
    const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(31);
    for (const loser of losers) expect(loser.reason).toMatchObject({ code: 'store/concurrency', currentVersion: 2 });
    const log = await store.streams.readAll('race');
    expect(log.map((c) => c.version)).toEqual([1, 2]);
    const winner = winners[0]?.status === 'fulfilled' ? winners[0].value.commit : null;
    expect(log[1]?.events).toEqual(winner?.events);
    // The winner's turn entry is the only one: a loser writes nothing but its failed put.
    const winnerId = `p${(winner?.events[0] as { writer: number }).writer}`;
    for (let i = 0; i < 32; i++) {
      const { games } = await store.playerGames.list(`p${i}`, { myTurn: true });
      expect(games.map((g) => g.gameId)).toEqual(`p${i}` === winnerId ? ['race'] : []);
    }
  });

  it('keeps the snapshot in the commit, compressed when large, and returns it from readLatest', async () => {
    const snapshot = {
      hands: Array.from({ length: 4 }, (_, seat) => Array.from({ length: 15 }, (_, t) => `${seat}-${t}`)),
      note: 'x'.repeat(2000),
    };
    await store.streams.append('snap', 0, [{ type: 'Dealt' }], { snapshot: { small: true } });
    await store.streams.append('snap', 1, [{ type: 'Played' }], { snapshot });
    const latest = await store.streams.readLatest('snap');
    expect(latest).toMatchObject({ version: 2, events: [{ type: 'Played' }], snapshot });
    expect((await store.streams.readCommit('snap', 1))?.snapshot).toEqual({ small: true });
    expect(await store.streams.readLatest('snap', { snapshot: false })).not.toHaveProperty('snapshot');
  });

  it('returns null for the latest commit of an empty game and for a missing version', async () => {
    expect(await store.streams.readLatest('nothing-here')).toBeNull();
    expect(await store.streams.readCommit('a1', 99)).toBeNull();
  });

  it('rejects arguments DynamoDB could not store before sending anything', async () => {
    await expect(store.streams.append('', 0, [])).rejects.toThrow(TypeError);
    await expect(store.streams.append('a3', -1, [])).rejects.toThrow(/expectedVersion/);
    await expect(store.streams.append('a3', 0.5, [])).rejects.toThrow(/expectedVersion/);
    await expect(store.streams.append('a3', 0, [], { snapshot: () => 1 })).rejects.toThrow(/JSON/);
  });
});
