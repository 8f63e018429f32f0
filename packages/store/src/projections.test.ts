import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Commit } from './commit';
import { NotFoundError } from './errors';
import type { Store } from './store';
import type { GameHead } from './head';
import type { GameMember, RebuildInput } from './projections';
import { testStore } from './testing';

let store: Store;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

const players = ['ann', 'bob', 'cy', 'dee'];
const seats = players.map((playerId) => ({ playerId, name: playerId.toUpperCase() }));

/** A toy game: each event says whose turn it is (a seat); the store never interprets them. */
const turnOf = (commit: Commit) => (commit.events[commit.events.length - 1] as { turn: number }).turn;
const headOf = (commit: Commit, moves: number): GameHead => ({
  version: commit.version,
  status: 'playing',
  turn: players[turnOf(commit)] ?? null,
  seats,
  updatedAt: commit.at,
  moves,
});
/** A head with nobody in turn. */
const headAt = (version: number, status: string, updatedAt: string): GameHead => ({
  version,
  status,
  turn: null,
  seats,
  updatedAt,
});
const allMembers: GameMember[] = players.map((playerId, seat) => ({ seat, playerId }));

/** The rebuild's projection: the newest commit's head, every member, and the player in turn since their turn began. */
function project(commits: Commit[]): RebuildInput {
  const last = commits[commits.length - 1];
  if (!last) throw new Error('no commits');
  const head = headOf(last, commits.length);
  const began = commits.findLast((c, i) => i === 0 || turnOf(c) !== turnOf(commits[i - 1] as Commit)) as Commit;
  return { head, members: allMembers, awaiting: { playerId: head.turn, since: began.at } };
}

/**
 * A command as the API makes it: the append carries whom the game awaited before and after, and the
 * head; the members are written only when the game starts (its status changes).
 */
async function move(gameId: string, version: number, to: number, at: string, { turns = true } = {}) {
  const time = new Date(at);
  const head = headOf({ streamId: gameId, version, events: [{ turn: to }], at: time.toISOString() }, version);
  const previous = version === 1 ? null : turnOf((await store.streams.readCommit(gameId, version - 1)) as Commit);
  const from = previous === null ? null : (players[previous] ?? null);
  const { commit } = await store.streams.append(gameId, version - 1, [{ type: 'Moved', turn: to }], {
    at: time,
    ...(turns ? { turn: { from, to: head.turn, head } } : {}),
  });
  const result = version === 1 ? await store.playerGames.update(gameId, { head, members: allMembers }) : null;
  return { commit, head, result };
}

/** Where `gameId` stands in each player's list of all games: their seat, and the version of the head copy. */
async function entries(gameId: string) {
  const found = await Promise.all(players.map((p) => store.playerGames.list(p)));
  return found.map((page) => {
    const game = page.games.find((g) => g.gameId === gameId);
    return game ? { seat: game.seat, version: game.head.version } : null;
  });
}

/** Whose "my turn" list holds `gameId`, and at which version of the head. */
async function awaitedBy(gameId: string) {
  const found = await Promise.all(players.map((p) => store.playerGames.list(p, { myTurn: true })));
  return found.flatMap((page, seat) =>
    page.games.filter((g) => g.gameId === gameId).map((g) => ({ playerId: players[seat], version: g.head.version })),
  );
}

describe('member projections', () => {
  it('writes exactly the members given, one PutItem each, each with the head it was written with', async () => {
    const first = await move('p1', 1, 0, '2024-01-01T10:00:00Z');
    expect(first.result).toEqual({ written: 4, skipped: 0 });
    await move('p1', 2, 1, '2024-01-01T10:05:00Z');
    const head = headAt(3, 'finished', '2024-01-01T10:06:00Z');
    const { result, cost } = await store.measure(() =>
      store.playerGames.update('p1', { head, members: [allMembers[0]!, allMembers[2]!] }),
    );
    expect(result).toEqual({ written: 2, skipped: 0 });
    expect(cost.byOperation).toEqual({ PutItem: { requests: 2, readUnits: 0, writeUnits: 2 } });
    // Moves write no member: the others keep the head they were written with.
    expect(await entries('p1')).toEqual([
      { seat: 0, version: 3 },
      { seat: 1, version: 1 },
      { seat: 2, version: 3 },
      { seat: 3, version: 1 },
    ]);
  });

  it('skips an update as old as or older than the item: repeated and late updates are no-ops', async () => {
    const first = await move('p2', 1, 0, '2024-01-02T10:00:00Z');
    expect(await store.playerGames.update('p2', { head: first.head, members: allMembers })).toEqual({
      written: 0,
      skipped: 4,
    });
    const stale = { ...first.head, version: 0 };
    expect(await store.playerGames.update('p2', { head: stale, members: allMembers.slice(0, 2) })).toEqual({
      written: 0,
      skipped: 2,
    });
    expect(await entries('p2')).toEqual(players.map((_, seat) => ({ seat, version: 1 })));
  });

  it('deletes a removed member only while the seat is still theirs and older than the head', async () => {
    await move('p4', 1, 0, '2024-01-04T10:00:00Z');
    const later = headAt(2, 'waiting', '2024-01-04T10:01:00Z');
    // Bob left seat 1; a deletion naming another player, or one as old as the item, leaves it.
    expect(
      await store.playerGames.update('p4', { head: later, members: [], removed: [{ seat: 1, playerId: 'cy' }] }),
    ).toEqual({ written: 0, skipped: 1 });
    const stale = headAt(1, 'waiting', '2024-01-04T10:01:00Z');
    expect(
      await store.playerGames.update('p4', { head: stale, members: [], removed: [{ seat: 1, playerId: 'bob' }] }),
    ).toEqual({ written: 0, skipped: 1 });
    const { result, cost } = await store.measure(() =>
      store.playerGames.update('p4', { head: later, members: [], removed: [{ seat: 1, playerId: 'bob' }] }),
    );
    expect(result).toEqual({ written: 1, skipped: 0 });
    expect(cost.byOperation).toEqual({ DeleteItem: { requests: 1, readUnits: 0, writeUnits: 1 } });
    expect(await entries('p4')).toEqual([
      { seat: 0, version: 1 },
      null,
      { seat: 2, version: 1 },
      { seat: 3, version: 1 },
    ]);
  });

  it('writes nothing for no members, and refuses members it could not key', async () => {
    const head = headAt(1, 'waiting', '2024-01-03T10:00:00Z');
    expect(await store.measure(() => store.playerGames.update('p3', { head, members: [] }))).toMatchObject({
      result: { written: 0, skipped: 0 },
      cost: { requests: 0 },
    });
    await expect(store.playerGames.update('p3', { head, members: [allMembers[1]!, allMembers[1]!] })).rejects.toThrow(
      /seat 1 is given twice/,
    );
    await expect(store.playerGames.update('p3', { head, members: [{ seat: -1, playerId: 'ann' }] })).rejects.toThrow(
      /seat/,
    );
    await expect(store.playerGames.update('p3', { head, members: [{ seat: 999, playerId: 'ann' }] })).rejects.toThrow(
      /seat must be at most 998/,
    );
    await expect(store.playerGames.update('p3', { head, members: [{ seat: 0, playerId: '' }] })).rejects.toThrow(
      /playerId/,
    );
    await expect(
      store.playerGames.update('p3', { head: { ...head, updatedAt: 'yesterday' }, members: [] }),
    ).rejects.toThrow(/updatedAt/);
    expect(await entries('p3')).toEqual([null, null, null, null]);
  });
});

describe('rebuilding projections', () => {
  it('restores the turn entries and the members after they were lost, at the newest version', async () => {
    await move('r1', 1, 0, '2024-01-04T10:00:00Z');
    await move('r1', 2, 1, '2024-01-04T10:05:00Z');
    // Version 3's turn entries are lost (its append died after its commit):
    await move('r1', 3, 2, '2024-01-04T10:10:00Z', { turns: false });
    expect(await awaitedBy('r1')).toEqual([{ playerId: 'bob', version: 2 }]);

    const { result, cost } = await store.measure(() => store.playerGames.rebuild('r1', project));
    // Four members, and four turn entries: Cy's, and the others' tombstones.
    expect(result).toEqual({ written: 8, skipped: 0 });
    // Members and Cy's entry are PutItems; the tombstones, UpdateItems that keep what the entry said.
    expect(cost.byOperation).toMatchObject({
      Query: { requests: 1 },
      PutItem: { requests: 5 },
      UpdateItem: { requests: 3 },
    });
    expect(await awaitedBy('r1')).toEqual([{ playerId: 'cy', version: 3 }]);
    const [cy] = (await store.playerGames.list('cy', { myTurn: true })).games;
    expect(cy).toMatchObject({ since: '2024-01-04T10:10:00.000Z' });
    expect(await entries('r1')).toEqual(players.map((_, seat) => ({ seat, version: 3 })));
  });

  it('takes a finished game out of every "my turn" list', async () => {
    await move('r2', 1, 3, '2024-01-05T10:00:00Z');
    expect(await awaitedBy('r2')).toEqual([{ playerId: 'dee', version: 1 }]);
    // Version 2 ended the game, appended without its turn change.
    await store.streams.append('r2', 1, [{ type: 'Won', turn: 3 }], { at: new Date('2024-01-05T10:05:00Z') });
    const finished = (commits: Commit[]): RebuildInput => {
      const input = project(commits);
      return {
        ...input,
        head: { ...input.head, status: 'finished', turn: null },
        awaiting: { playerId: null, since: '' },
      };
    };
    await store.playerGames.rebuild('r2', finished);
    expect(await awaitedBy('r2')).toEqual([]);
  });

  it('can run again: it rewrites the same items, and later moves carry on from them', async () => {
    await move('r3', 1, 0, '2024-01-06T10:00:00Z');
    await move('r3', 2, 1, '2024-01-06T10:05:00Z');
    expect(await store.playerGames.rebuild('r3', project)).toEqual({ written: 8, skipped: 0 });
    expect(await store.playerGames.rebuild('r3', project)).toEqual({ written: 8, skipped: 0 });
    expect(await entries('r3')).toEqual(players.map((_, seat) => ({ seat, version: 2 })));
    await move('r3', 3, 2, '2024-01-06T10:10:00Z');
    expect(await awaitedBy('r3')).toEqual([{ playerId: 'cy', version: 3 }]);
  });

  it("refuses an empty game and a head that is not the newest commit's", async () => {
    await expect(store.playerGames.rebuild('never-written', project)).rejects.toThrow(NotFoundError);
    await move('r5', 1, 0, '2024-01-08T10:00:00Z');
    await move('r5', 2, 1, '2024-01-08T10:05:00Z');
    await expect(store.playerGames.rebuild('r5', (commits) => project(commits.slice(0, 1)))).rejects.toThrow(
      /head.version .*\(2\), got 1/,
    );
    expect(await awaitedBy('r5')).toEqual([{ playerId: 'bob', version: 2 }]);
  });
});
