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
      members: seats.map((s, seat) => ({ seat, playerId: s.playerId, myTurn: s.playerId === turn })),
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
    expect(all.games[0]).toMatchObject({ seat: 0, head: { status: 'playing', seats: [{ name: 'Zoe' }, { name: 'Max' }] } });
    expect((await store.listPlayerGames('max')).games.every((g) => g.seat === 1)).toBe(true);
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
      members: [{ seat: 0, playerId: 'zoe', myTurn: false }, { seat: 1, playerId: 'max', myTurn: true }],
    });
    expect(ids(await store.listPlayerGames('zoe', { myTurn: true }))).toEqual(['g3', 'g1']);
    expect(ids(await store.listPlayerGames('max', { myTurn: true }))).toEqual(['g4', 'g2', 'g6', 'g5']);
  });

  it('orders by when each entry last changed, since only changed members are written', async () => {
    // Three seats. 10:00 it becomes Ann's turn; 10:30 Ann's turn passes to Bob (Cy's entry stays as
    // written at 10:00); 11:00 Bob's passes to Cy (Ann's stays as written at 10:30); 11:20 Ann calls
    // Bob out, which changes nobody's entry: that commit's head is the game's, but no member is written.
    const seats = ['ann', 'bob', 'cy'].map((playerId) => ({ playerId, name: playerId }));
    const head = (version: number, turn: string, updatedAt: string) => ({ version, status: 'playing', turn, seats, updatedAt });
    const entry = (seat: number, turn: string) => ({ seat, playerId: seats[seat]?.playerId ?? '', myTurn: seats[seat]?.playerId === turn });
    await store.updateProjections('o1', { head: head(1, 'ann', '2024-04-01T10:00:00Z'), members: [0, 1, 2].map((s) => entry(s, 'ann')) });
    await store.updateProjections('o1', { head: head(2, 'bob', '2024-04-01T10:30:00Z'), members: [0, 1].map((s) => entry(s, 'bob')) });
    await store.updateProjections('o1', { head: head(3, 'cy', '2024-04-01T11:00:00Z'), members: [1, 2].map((s) => entry(s, 'cy')) });
    await store.updateProjections('o1', { head: head(4, 'cy', '2024-04-01T11:20:00Z'), members: [] });
    // Cy's other game became his turn at 11:10: o1 has waited for him longer (since 11:00).
    await store.updateProjections('o2', { head: head(1, 'cy', '2024-04-01T11:10:00Z'), members: [entry(2, 'cy')] });
    expect(ids(await store.listPlayerGames('cy', { myTurn: true }))).toEqual(['o1', 'o2']);
    // Each entry carries the head it was written with, which may be older than the game's.
    const ann = await store.listPlayerGames('ann', { myTurn: false });
    expect(ann.games.find((g) => g.gameId === 'o1')).toMatchObject({ seat: 0, myTurn: false, head: { version: 2, turn: 'bob' } });
    expect((await store.listPlayerGames('cy')).games.find((g) => g.gameId === 'o1')).toMatchObject({ seat: 2, head: { version: 3 } });
  });

  it('returns nothing for a player with no games, and refuses a forged cursor', async () => {
    expect(await store.listPlayerGames('nobody')).toEqual({ games: [], cursor: null });
    await expect(store.listPlayerGames('zoe', { cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'store/invalid-request' });
  });
});
