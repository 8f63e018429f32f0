import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EventStore } from './event-store';
import type { GameHead } from './head';
import type { Store } from './store';
import { testStore } from './testing';

// The deprecated facade answers as the parts do: the same table, the same calls, under the old names
// packages/api still uses.
let store: Store;
let facade: EventStore;
beforeAll(async () => {
  const test = await testStore(inject('dynamoEndpoint'));
  store = test.store;
  facade = new EventStore({ client: test.client, tableName: test.tableName });
});

const head = (version: number, turn: string | null): GameHead => ({
  version,
  status: 'playing',
  seats: [
    { playerId: 'ann', name: 'Ann' },
    { playerId: 'bob', name: 'Bob' },
  ],
  turn,
  updatedAt: '2026-12-01T10:00:00.000Z',
});

describe('the EventStore facade', () => {
  it('keeps every method packages/api calls, and no other', () => {
    const methods = Object.getOwnPropertyNames(EventStore.prototype).filter((name) => name !== 'constructor');
    expect(methods.sort()).toEqual(
      [
        ...['append', 'readLatest', 'readRecent', 'readCommit', 'readAfter', 'readAll', 'findRecorded'],
        ...['updateProjections', 'restoreTurns', 'listPlayerGames', 'rebuildProjections'],
        ...['writeLobby', 'listLobby', 'writeStaleCheck', 'readQuickMatch', 'claimQuickMatch'],
        ...['listDue', 'claimDue', 'settleDue', 'isStillDue'],
        ...['putDelivery', 'readDelivery', 'listDeliveries', 'recordAttempt', 'requeueDelivery'],
        ...['measure', 'tableName', 'parts'],
      ].sort(),
    );
  });

  it('writes and reads the streams and indexes the parts do', async () => {
    const { commit } = await facade.append('f1', 0, [{ type: 'Started' }], {
      idempotencyKey: 'k1',
      turn: { from: null, to: 'ann', head: head(1, 'ann') },
    });
    expect(commit).toMatchObject({ streamId: 'f1', gameId: 'f1', version: 1 });
    expect(await store.streams.readLatest('f1')).toEqual(await facade.readLatest('f1'));
    expect(await facade.findRecorded('f1', { idempotencyKey: 'k1' }, { version: 1 })).toEqual(commit);
    const turns = await store.playerGames.list('ann', { myTurn: true });
    expect(turns.games.map((g) => g.gameId)).toEqual(['f1']);
    expect(await facade.listPlayerGames('ann', { myTurn: true })).toEqual(turns);
    expect(await facade.restoreTurns(commit, head(1, 'ann'))).toBe(true);

    const entry = { gameId: 'f1', version: 1, rulesKey: 'k', createdAt: '2026-12-01T10:00:00.000Z', seats: 2 };
    expect(await facade.writeLobby('f1', 1, entry)).toBe(true);
    expect((await store.lobby.list()).entries.map((e) => e.gameId)).toContain('f1');
    expect(await facade.claimQuickMatch('ann', 'q', { gameId: 'f1', created: false }, null)).toBe(true);
    expect(await store.quickMatches.read('ann', 'q')).toEqual({ gameId: 'f1', created: false });
  });
});
