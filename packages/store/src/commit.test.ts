import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from './store';
import type { GameHead } from './head';
import { testStore } from './testing';

let store: Store;
let raw: Awaited<ReturnType<typeof testStore>>;
beforeAll(async () => {
  raw = await testStore(inject('dynamoEndpoint'));
  store = raw.store;
});

const head = (version: number, turn: string | null): GameHead => ({
  version,
  status: 'playing',
  turn,
  seats: [
    { playerId: 'ann', name: 'Ann' },
    { playerId: 'bob', name: 'Bob' },
  ],
  updatedAt: '2026-12-01T10:00:00.000Z',
});

describe('commit items', () => {
  it('keep a snapshot given as bytes as those bytes, and return it only when asked', async () => {
    const bytes = Uint8Array.of(3, 0, 0x40, 0xff);
    const { commit } = await store.streams.append('bytes', 0, [{ type: 'A' }], { snapshot: bytes });
    expect(commit.snapshot).toBe(bytes);
    const read = await store.streams.readLatest('bytes');
    expect(read?.snapshot).toBeInstanceOf(Uint8Array);
    expect([...(read?.snapshot as Uint8Array)]).toEqual([3, 0, 0x40, 0xff]);
    expect((await store.streams.readAfter('bytes', 0)).commits[0]?.snapshot).toBeUndefined();
  });

  it('store the time as milliseconds and the turn without its `from` when that is `by`, and read both back', async () => {
    const at = new Date('2026-12-01T10:00:00.123Z');
    const written = await store.streams.append('short', 0, [{ type: 'A' }], {
      at,
      by: 'ann',
      turn: { from: 'ann', to: 'bob', head: head(1, 'bob') },
    });
    const read = await store.streams.readCommit('short', 1);
    expect(read).toEqual(written.commit);
    expect(read).toMatchObject({ at: '2026-12-01T10:00:00.123Z', by: 'ann', turn: { from: 'ann', to: 'bob' } });
    // A turn that passed from someone else (a bot's move, a join) keeps its `from`, null included.
    await store.streams.append('short', 1, [], { by: 'bot', turn: { from: 'bob', to: 'ann', head: head(2, 'ann') } });
    await store.streams.append('short', 2, [], { by: 'ann', turn: { from: null, to: 'ann', head: head(3, 'ann') } });
    expect((await store.streams.readAll('short')).map((c) => c.turn)).toEqual([
      { from: 'ann', to: 'bob' },
      { from: 'bob', to: 'ann' },
      { from: null, to: 'ann' },
    ]);
  });

  it('read commits as older servers wrote them: ISO time, `tf` always', async () => {
    await raw.client.send(
      new PutItemCommand({
        TableName: raw.tableName,
        Item: {
          pk: { S: 'game#old' },
          sk: { N: '1' },
          ev: { S: '[{"type":"A"}]' },
          at: { S: '2026-11-30T09:00:00.000Z' },
          by: { S: 'ann' },
          tf: { NULL: true },
          tt: { S: 'ann' },
        },
      }),
    );
    expect(await store.streams.readCommit('old', 1)).toEqual({
      streamId: 'old',
      version: 1,
      events: [{ type: 'A' }],
      at: '2026-11-30T09:00:00.000Z',
      by: 'ann',
      turn: { from: null, to: 'ann' },
    });
  });
});
