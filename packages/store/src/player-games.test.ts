import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from './store';
import type { GameHead } from './head';
import type { MyTurnOptions } from './player-games';
import { testStore } from './testing';

let store: Store;
const seats = [
  { playerId: 'zoe', name: 'Zoe' },
  { playerId: 'max', name: 'Max' },
];
const headAt = (version: number, status: string, turn: string | null, updatedAt: string): GameHead => ({
  version,
  status,
  turn,
  seats,
  updatedAt,
});

/** A command as the API appends it, at the head's time: whose move the game awaited before and after, and the head. */
function play(gameId: string, head: GameHead, from: string | null = null) {
  return store.streams.append(gameId, head.version - 1, [{ type: 'Something', turn: head.turn }], {
    at: new Date(head.updatedAt),
    turn: { from, to: head.turn, head },
  });
}

beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
  // Zoe and Max start six games; it is Zoe's turn in g1, g3 and g5, and she has waited longest in g5.
  const games: [string, string, string][] = [
    ['g1', 'zoe', '2024-03-01T12:00:00.000Z'],
    ['g2', 'max', '2024-03-01T13:00:00.000Z'],
    ['g3', 'zoe', '2024-03-01T11:00:00.000Z'],
    ['g4', 'max', '2024-03-01T09:00:00.000Z'],
    ['g5', 'zoe', '2024-03-01T08:00:00.000Z'],
    ['g6', 'max', '2024-03-01T14:00:00.000Z'],
  ];
  for (const [gameId, turn, updatedAt] of games) {
    const head = headAt(1, 'playing', turn, updatedAt);
    await play(gameId, head);
    // The game's status changed (it started): every member is written, once.
    await store.playerGames.update(gameId, { head, members: seats.map((s, seat) => ({ seat, playerId: s.playerId })) });
  }
});

const ids = (page: { games: { gameId: string }[] }) => page.games.map((g) => g.gameId);

describe('the games waiting for a player', () => {
  it('come from one strongly consistent Query, the longest-waiting first, each with its head and since when', async () => {
    const { result, cost } = await store.measure(() => store.playerGames.list('zoe', { myTurn: true }));
    expect(ids(result)).toEqual(['g5', 'g3', 'g1']);
    expect(result.games[0]).toEqual({
      gameId: 'g5',
      since: '2024-03-01T08:00:00.000Z',
      head: headAt(1, 'playing', 'zoe', '2024-03-01T08:00:00.000Z'),
    });
    expect(cost).toMatchObject({ requests: 1, byOperation: { Query: { requests: 1 } } });
    expect(ids(await store.playerGames.list('max', { myTurn: true }))).toEqual(['g4', 'g2', 'g6']);
  });

  it('move to the next player with each append, which writes no member', async () => {
    const { cost } = await store.measure(() =>
      play('g3', headAt(2, 'playing', 'max', '2024-03-01T15:00:00.000Z'), 'zoe'),
    );
    // The commit, Max's entry and Zoe's tombstone: one unit each, and no index to write.
    expect(cost).toMatchObject({ requests: 3, writeUnits: 3 });
    expect(ids(await store.playerGames.list('zoe', { myTurn: true }))).toEqual(['g5', 'g1']);
    const max = await store.playerGames.list('max', { myTurn: true });
    expect(ids(max)).toEqual(['g4', 'g2', 'g6', 'g3']);
    expect(max.games[3]).toMatchObject({ since: '2024-03-01T15:00:00.000Z', head: { version: 2, turn: 'max' } });
    // Zoe's member item still holds the head it was written with.
    expect((await store.playerGames.list('zoe')).games.find((g) => g.gameId === 'g3')).toMatchObject({
      seat: 0,
      head: { version: 1 },
    });
  });

  it('leave out a game that waits on nobody: not started, or finished', async () => {
    await play('n1', headAt(1, 'waiting', null, '2024-03-02T09:00:00.000Z'));
    await store.playerGames.update('n1', {
      head: headAt(1, 'waiting', null, '2024-03-02T09:00:00.000Z'),
      members: [{ seat: 0, playerId: 'zoe' }],
    });
    await play('n2', headAt(1, 'playing', 'zoe', '2024-03-02T09:00:00.000Z'));
    expect(ids(await store.playerGames.list('zoe', { myTurn: true }))).toContain('n2');
    await play('n2', headAt(2, 'finished', null, '2024-03-02T10:00:00.000Z'), 'zoe');
    const mine = ids(await store.playerGames.list('zoe', { myTurn: true }));
    expect(mine).not.toContain('n1');
    expect(mine).not.toContain('n2');
    expect(ids(await store.playerGames.list('zoe'))).toContain('n1');
  });

  it('page with an opaque cursor', async () => {
    await play('p1', headAt(1, 'playing', 'pia', '2024-03-03T10:00:00.000Z'));
    await play('p2', headAt(1, 'playing', 'pia', '2024-03-03T09:00:00.000Z'));
    await play('p3', headAt(1, 'playing', 'pia', '2024-03-03T11:00:00.000Z'));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.playerGames.list('pia', { myTurn: true, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['p2', 'p1', 'p3']);
  });
});

describe("all of a player's games", () => {
  it('come from one Query on the member items, the most recently written first, with the seat', async () => {
    const { result, cost } = await store.measure(() => store.playerGames.list('max'));
    expect(ids(result).filter((id) => id.startsWith('g'))).toEqual(['g6', 'g2', 'g1', 'g3', 'g4', 'g5']);
    expect(result.games.every((g) => g.seat === 1)).toBe(true);
    expect(result.games[0]).toEqual({
      gameId: 'g6',
      seat: 1,
      head: headAt(1, 'playing', 'max', '2024-03-01T14:00:00.000Z'),
    });
    expect(cost.requests).toBe(1);
  });

  it('page with an opaque cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.playerGames.list('max', { limit: 4, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(ids(await store.playerGames.list('max')));
    expect(seen).toHaveLength(6);
  });
});

describe('listing games', () => {
  it('returns nothing for a player with no games, and refuses a forged cursor and myTurn: false', async () => {
    expect(await store.playerGames.list('nobody')).toEqual({ games: [], cursor: null });
    expect(await store.playerGames.list('nobody', { myTurn: true })).toEqual({ games: [], cursor: null });
    await expect(store.playerGames.list('zoe', { cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'store/invalid-request',
    });
    await expect(store.playerGames.list('zoe', { myTurn: false } as unknown as MyTurnOptions)).rejects.toThrow(
      /myTurn must be true or absent/,
    );
    await expect(store.playerGames.list('zoe', { limit: 0 })).rejects.toThrow(/limit/);
  });
});
