import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ConcurrencyError, IdempotencyConflictError } from './errors';
import type { Store } from './store';
import { testStore } from './testing';

let store: Store;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

const play = (tile: string) => [{ type: 'TilePlayed', tile }];

describe('idempotent retries', () => {
  it('recognises a retry at the same expected version: the recorded commit comes back, nothing is written', async () => {
    await store.streams.append('i1', 0, [{ type: 'Created' }]);
    const first = await store.streams.append('i1', 1, play('9-9'), {
      idempotencyKey: 'k1',
      commandHash: 'h1',
      snapshot: { after: 1 },
    });
    const { result: retry, cost } = await store.measure(() =>
      store.streams.append('i1', 1, play('9-9'), { idempotencyKey: 'k1', commandHash: 'h1', snapshot: { after: 1 } }),
    );
    expect(retry).toEqual({ commit: first.commit, replayed: true });
    expect(cost.writeUnits).toBe(0);
    expect((await store.streams.readAll('i1')).map((c) => c.version)).toEqual([1, 2]);
  });

  it('recognises a retry that arrives after other commits: the commit at the version it named is its own', async () => {
    await store.streams.append('i2', 0, [{ type: 'Created' }]);
    const first = await store.streams.append('i2', 1, play('9-8'), { idempotencyKey: 'mine', commandHash: 'h' });
    await store.streams.append('i2', 2, play('8-8'), { idempotencyKey: 'theirs', commandHash: 'x' });
    await store.streams.append('i2', 3, play('8-1'));
    const retry = await store.streams.append('i2', 1, play('9-8'), { idempotencyKey: 'mine', commandHash: 'h' });
    expect(retry).toEqual({ commit: first.commit, replayed: true });
    expect(await store.streams.readLatest('i2', { snapshot: false })).toMatchObject({ version: 4 });
  });

  it('refuses the same key for a different command', async () => {
    await store.streams.append('i3', 0, play('5-5'), { idempotencyKey: 'k', commandHash: 'play 5-5' });
    const sameVersion = await store.streams
      .append('i3', 0, play('5-4'), { idempotencyKey: 'k', commandHash: 'play 5-4' })
      .catch((e: unknown) => e);
    expect(sameVersion).toBeInstanceOf(IdempotencyConflictError);
    expect(sameVersion).toMatchObject({ code: 'store/idempotency-conflict', idempotencyKey: 'k', recordedVersion: 1 });
    await store.streams.append('i3', 1, play('4-4'));
    await expect(
      store.streams.append('i3', 0, play('5-4'), { idempotencyKey: 'k', commandHash: 'other' }),
    ).rejects.toThrow(IdempotencyConflictError);
  });

  it('still reports a plain conflict when the key was never used', async () => {
    await store.streams.append('i4', 0, play('1-1'), { idempotencyKey: 'a', commandHash: 'a' });
    const error = await store.streams
      .append('i4', 0, play('2-2'), { idempotencyKey: 'b', commandHash: 'b' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ currentVersion: 1 });
  });

  it('writes 32 concurrent deliveries of one command once; the other 31 are replays', async () => {
    const results = await Promise.all(
      Array.from({ length: 32 }, () =>
        store.streams.append('i5', 0, play('6-6'), { idempotencyKey: 'dup', commandHash: 'h' }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => JSON.stringify(r.commit)))).toHaveProperty('size', 1);
    expect(await store.streams.readAll('i5')).toHaveLength(1);
  });

  it('finds a command at the version it named, or among the first commits, with its snapshot; null elsewhere', async () => {
    await store.streams.append('i6', 0, play('3-3'), { idempotencyKey: 'first', commandHash: 'h0' });
    await store.streams.append('i6', 1, play('3-2'), {
      idempotencyKey: 'find-me',
      commandHash: 'h',
      snapshot: { s: 1 },
      by: 'p2',
    });
    await store.streams.append('i6', 2, play('2-2'));
    const me = { idempotencyKey: 'find-me', commandHash: 'h' };
    const found = { version: 2, by: 'p2', snapshot: { s: 1 } };
    const { result, cost } = await store.measure(() => store.streams.findRecorded('i6', me, { version: 2 }));
    expect(result).toMatchObject(found);
    expect(cost.requests).toBe(1);
    expect(await store.streams.findRecorded('i6', me, { upTo: 3 })).toMatchObject(found);
    // Not where it was named, not within the range, not with another hash, not in another game.
    expect(await store.streams.findRecorded('i6', me, { version: 3 })).toBeNull();
    expect(await store.streams.findRecorded('i6', me, { upTo: 1 })).toBeNull();
    expect(await store.streams.findRecorded('i6', { idempotencyKey: 'unknown' }, { upTo: 3 })).toBeNull();
    expect(await store.streams.findRecorded('other-game', me, { version: 2 })).toBeNull();
    await expect(store.streams.findRecorded('i6', { ...me, commandHash: 'other' }, { version: 2 })).rejects.toThrow(
      IdempotencyConflictError,
    );
  });
});
