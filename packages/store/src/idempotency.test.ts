import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ConcurrencyError, IdempotencyConflictError } from './errors';
import type { EventStore } from './event-store';
import { testStore } from './testing';

let store: EventStore;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

const play = (tile: string) => [{ type: 'TilePlayed', tile }];

describe('idempotent retries', () => {
  it('recognises a retry at the same expected version: the recorded commit comes back, nothing is written', async () => {
    await store.append('i1', 0, [{ type: 'Created' }]);
    const first = await store.append('i1', 1, play('9-9'), {
      idempotencyKey: 'k1',
      commandHash: 'h1',
      snapshot: { after: 1 },
    });
    const { result: retry, cost } = await store.measure(() =>
      store.append('i1', 1, play('9-9'), { idempotencyKey: 'k1', commandHash: 'h1', snapshot: { after: 1 } }),
    );
    expect(retry).toEqual({ commit: first.commit, replayed: true });
    expect(cost.writeUnits).toBe(0);
    expect((await store.readAll('i1')).map((c) => c.version)).toEqual([1, 2]);
  });

  it('recognises a retry that arrives after other commits, through the key index', async () => {
    await store.append('i2', 0, [{ type: 'Created' }]);
    const first = await store.append('i2', 1, play('9-8'), { idempotencyKey: 'mine', commandHash: 'h' });
    await store.append('i2', 2, play('8-8'), { idempotencyKey: 'theirs', commandHash: 'x' });
    await store.append('i2', 3, play('8-1'));
    const retry = await store.append('i2', 1, play('9-8'), { idempotencyKey: 'mine', commandHash: 'h' });
    expect(retry).toEqual({ commit: first.commit, replayed: true });
    expect(await store.readLatest('i2', { snapshot: false })).toMatchObject({ version: 4 });
  });

  it('refuses the same key for a different command', async () => {
    await store.append('i3', 0, play('5-5'), { idempotencyKey: 'k', commandHash: 'play 5-5' });
    const sameVersion = await store
      .append('i3', 0, play('5-4'), { idempotencyKey: 'k', commandHash: 'play 5-4' })
      .catch((e: unknown) => e);
    expect(sameVersion).toBeInstanceOf(IdempotencyConflictError);
    expect(sameVersion).toMatchObject({ code: 'store/idempotency-conflict', idempotencyKey: 'k', recordedVersion: 1 });
    await store.append('i3', 1, play('4-4'));
    await expect(store.append('i3', 0, play('5-4'), { idempotencyKey: 'k', commandHash: 'other' })).rejects.toThrow(
      IdempotencyConflictError,
    );
  });

  it('still reports a plain conflict when the key was never used', async () => {
    await store.append('i4', 0, play('1-1'), { idempotencyKey: 'a', commandHash: 'a' });
    const error = await store
      .append('i4', 0, play('2-2'), { idempotencyKey: 'b', commandHash: 'b' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ currentVersion: 1 });
  });

  it('writes 32 concurrent deliveries of one command once; the other 31 are replays', async () => {
    const results = await Promise.all(
      Array.from({ length: 32 }, () => store.append('i5', 0, play('6-6'), { idempotencyKey: 'dup', commandHash: 'h' })),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => JSON.stringify(r.commit)))).toHaveProperty('size', 1);
    expect(await store.readAll('i5')).toHaveLength(1);
  });

  it('finds a commit by its key, with its snapshot, and null for an unknown key', async () => {
    await store.append('i6', 0, play('3-3'), {
      idempotencyKey: 'find-me',
      commandHash: 'h',
      snapshot: { s: 1 },
      by: 'p2',
    });
    await store.append('i6', 1, play('3-2'));
    expect(await store.findByIdempotencyKey('i6', 'find-me')).toMatchObject({
      version: 1,
      by: 'p2',
      snapshot: { s: 1 },
    });
    expect(await store.findByIdempotencyKey('i6', 'unknown')).toBeNull();
    expect(await store.findByIdempotencyKey('other-game', 'find-me')).toBeNull();
  });
});
