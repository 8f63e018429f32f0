import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore } from './event-store';
import { testStore } from './testing';

let store: EventStore;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
  // Zoe plays six games; it is her turn in g1, g3 and g5, and she has waited longest in g5.
  const games: [string, string, string][] = [
    ['g1', 'zoe', '2024-03-01T12:00:00Z'],
    ['g2', 'max', '2024-03-01T13:00:00Z'],
    ['g3', 'zoe', '2024-03-01T11:00:00Z'],
    ['g4', 'max', '2024-03-01T09:00:00Z'],
    ['g5', 'zoe', '2024-03-01T08:00:00Z'],
    ['g6', 'max', '2024-03-01T14:00:00Z'],
  ];
  for (const [gameId, turn, updatedAt] of games) {
    const seats = [{ playerId: 'zoe', name: 'Zoe' }, { playerId: 'max', name: 'Max' }];
    await store.updateProjections(gameId, {
      head: { version: 1, status: 'playing', turn, seats, updatedAt },
      members: seats.map((s) => ({ playerId: s.playerId, myTurn: s.playerId === turn })),
    });
  }
});

const ids = (page: { games: { gameId: string }[] }) => page.games.map((g) => g.gameId);

describe("a player's games", () => {
  it('answers "where is it my turn" with one Query, the longest-waiting game first', async () => {
    const { result, cost } = await store.measure(() => store.listPlayerGames('zoe', { myTurn: true }));
    expect(ids(result)).toEqual(['g5', 'g3', 'g1']);
    expect(result.games.every((g) => g.myTurn && g.head.turn === 'zoe')).toBe(true);
    expect(cost.requests).toBe(1);
    expect(ids(await store.listPlayerGames('max', { myTurn: true }))).toEqual(['g4', 'g2', 'g6']);
  });

  it('lists the games waiting for others, most recently updated first', async () => {
    expect(ids(await store.listPlayerGames('zoe', { myTurn: false }))).toEqual(['g6', 'g2', 'g4']);
  });

  it('lists all games with the ones waiting for the player first', async () => {
    const all = await store.listPlayerGames('zoe');
    expect(ids(all)).toEqual(['g1', 'g3', 'g5', 'g6', 'g2', 'g4']);
    expect(all.games[0]?.head).toMatchObject({ status: 'playing', seats: [{ name: 'Zoe' }, { name: 'Max' }] });
  });

  it('pages with an opaque cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.listPlayerGames('zoe', { myTurn: true, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['g5', 'g3', 'g1']);
  });

  it('moves a game between the lists when the turn passes', async () => {
    const seats = [{ playerId: 'zoe', name: 'Zoe' }, { playerId: 'max', name: 'Max' }];
    await store.updateProjections('g5', {
      head: { version: 2, status: 'playing', turn: 'max', seats, updatedAt: '2024-03-01T15:00:00Z' },
      members: [{ playerId: 'zoe', myTurn: false }, { playerId: 'max', myTurn: true }],
    });
    expect(ids(await store.listPlayerGames('zoe', { myTurn: true }))).toEqual(['g3', 'g1']);
    expect(ids(await store.listPlayerGames('max', { myTurn: true }))).toEqual(['g4', 'g2', 'g6', 'g5']);
  });

  it('returns nothing for a player with no games, and refuses a forged cursor', async () => {
    expect(await store.listPlayerGames('nobody')).toEqual({ games: [], cursor: null });
    await expect(store.listPlayerGames('zoe', { cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'store/invalid-request' });
  });
});
