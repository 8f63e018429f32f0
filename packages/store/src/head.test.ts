import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore } from './event-store';
import type { GameHead } from './head';
import { testStore } from './testing';

let store: EventStore;
let client: DynamoDBClient;
let tableName: string;
beforeAll(async () => {
  ({ store, client, tableName } = await testStore(inject('dynamoEndpoint')));
});

const seats = [
  { playerId: 'ann', name: 'Ann' },
  { playerId: 'bob', name: 'Bob' },
];
const headAt = (version: number, turn: string | null, updatedAt: string): GameHead => ({
  version,
  status: 'playing',
  turn,
  seats,
  updatedAt,
  scores: [0, version],
});

describe('the head in the commit', () => {
  it('is stored by the append itself and read back with one strongly consistent Query of the newest commit', async () => {
    const h1 = headAt(1, 'bob', '2024-02-01T10:00:00.000Z');
    const h2 = headAt(2, 'ann', '2024-02-01T11:00:00.000Z');
    const first = await store.measure(() => store.append('h1', 0, [{ type: 'Created' }], { head: h1 }));
    expect(first.cost).toMatchObject({ requests: 1, byOperation: { PutItem: { requests: 1 } } });
    expect(first.result.commit.head).toEqual(h1);
    await store.append('h1', 1, [{ type: 'Moved' }], { head: h2, snapshot: { big: 'z'.repeat(3_000) } });

    const { result, cost } = await store.measure(() => store.getHead('h1'));
    expect(result).toEqual(h2);
    expect(cost).toMatchObject({ requests: 1, readUnits: 1, byOperation: { Query: { requests: 1 } } });
    expect(await store.readLatest('h1')).toMatchObject({ version: 2, head: h2 });
    expect(await store.readCommit('h1', 1, { snapshot: false })).toMatchObject({ version: 1, head: h1 });
    expect((await store.readAll('h1')).map((c) => c.head?.version)).toEqual([1, 2]);
  });

  it('is null for an empty game, and when the newest commit carries none', async () => {
    expect(await store.getHead('h-empty')).toBeNull();
    await store.append('h2', 0, [{ type: 'Created' }], { head: headAt(1, null, '2024-02-02T10:00:00Z') });
    await store.append('h2', 1, [{ type: 'Noted' }]);
    expect(await store.getHead('h2')).toBeNull();
    expect(await store.readLatest('h2')).not.toHaveProperty('head');
  });

  it('comes back with a replayed command', async () => {
    const head = headAt(1, 'ann', '2024-02-03T10:00:00.000Z');
    const meta = { idempotencyKey: 'k', commandHash: 'h', head };
    await store.append('h3', 0, [{ type: 'Created' }], meta);
    expect(await store.append('h3', 0, [{ type: 'Created' }], meta)).toMatchObject({
      replayed: true,
      commit: { head },
    });
  });

  it('is stored as JSON text, and compressed only when long (compressing every head cost more time than write units)', async () => {
    const four = [...seats, { playerId: 'cy', name: 'Cy' }, { playerId: 'dee', name: 'Dee' }];
    const head = { ...headAt(1, 'cy', '2024-02-05T10:00:00.000Z'), seats: four, totals: [10, 25, 0, 7] };
    await store.append('h5', 0, [{ type: 'Created' }], { head });
    const long = {
      ...headAt(1, 'cy', '2024-02-05T10:00:00.000Z'),
      seats: four.map((s) => ({ ...s, name: s.name.repeat(60) })),
    };
    await store.append('h6', 0, [{ type: 'Created' }], { head: long });
    const stored = async (game: string) =>
      (
        await client.send(
          new GetItemCommand({ TableName: tableName, Key: { pk: { S: `game#${game}` }, sk: { N: '1' } } }),
        )
      ).Item?.hd;
    expect(JSON.parse((await stored('h5'))?.S ?? 'null')).toEqual(head);
    expect((await stored('h6'))?.B?.length).toBeLessThan(JSON.stringify(long).length * 0.5);
    expect(await store.getHead('h5')).toEqual(head);
    expect(await store.getHead('h6')).toEqual(long);
  });

  it('is refused, before anything is written, unless it is for the commit it is stored with and has a valid time', async () => {
    await expect(store.append('h4', 0, [], { head: headAt(2, null, '2024-02-04T10:00:00Z') })).rejects.toThrow(
      /head.version must be .*\(1\), got 2/,
    );
    await expect(store.append('h4', 0, [], { head: headAt(1, null, 'yesterday') })).rejects.toThrow(/updatedAt/);
    expect(await store.readLatest('h4')).toBeNull();
  });
});
