import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Commit } from './commit';
import { NotFoundError } from './errors';
import type { EventStore } from './event-store';
import type { GameHead } from './head';
import type { GameMember, ProjectionInput } from './projections';
import { testStore } from './testing';

let store: EventStore;
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
const member = (seat: number, turn: number): GameMember => ({ seat, playerId: players[seat] ?? '', myTurn: seat === turn });
const allMembers = (turn: number) => players.map((_, seat) => member(seat, turn));

/** The rebuild's projection: the newest commit's head and every member. */
function project(commits: Commit[]): ProjectionInput {
  const last = commits[commits.length - 1];
  if (!last) throw new Error('no commits');
  return { head: headOf(last, commits.length), members: allMembers(turnOf(last)) };
}

/** A move as the API makes it: the append carries the head, then only the two seats whose entry changed. */
async function move(gameId: string, version: number, from: number, to: number, at: string, { projections = true } = {}) {
  const time = new Date(at);
  const head = headOf({ gameId, version, events: [{ turn: to }], at: time.toISOString() }, version);
  const { commit } = await store.append(gameId, version - 1, [{ type: 'Moved', turn: to }], { at: time, head });
  const members = version === 1 ? allMembers(to) : [member(from, to), member(to, to)];
  const result = projections ? await store.updateProjections(gameId, { head, members }) : null;
  return { commit, head, result };
}

/** Where `gameId` stands in each player's list: its version (of the head copy) and whether it is their turn. */
async function entries(gameId: string) {
  const found = await Promise.all(players.map((p) => store.listPlayerGames(p)));
  return found.map((page) => {
    const game = page.games.find((g) => g.gameId === gameId);
    return game ? { seat: game.seat, version: game.head.version, myTurn: game.myTurn } : null;
  });
}

describe('member projections', () => {
  it('writes exactly the members given, one PutItem each, each with the head it was written with', async () => {
    const first = await move('p1', 1, 0, 0, '2024-01-01T10:00:00Z');
    expect(first.result).toEqual({ written: 4, skipped: 0 });
    const { result, cost } = await store.measure(() => move('p1', 2, 0, 1, '2024-01-01T10:05:00Z'));
    expect(result.result).toEqual({ written: 2, skipped: 0 });
    expect(cost.byOperation).toEqual({ PutItem: { requests: 3, readUnits: 0, writeUnits: 3 } });
    expect(await entries('p1')).toEqual([
      { seat: 0, version: 2, myTurn: false },
      { seat: 1, version: 2, myTurn: true },
      // Unchanged entries are not rewritten: they keep the head of their last change.
      { seat: 2, version: 1, myTurn: false },
      { seat: 3, version: 1, myTurn: false },
    ]);
    expect(await store.getHead('p1')).toMatchObject({ version: 2, turn: 'bob' });
  });

  it('skips an update as old as or older than the item: repeated and late updates are no-ops', async () => {
    await move('p2', 1, 0, 0, '2024-01-02T10:00:00Z');
    const second = await move('p2', 2, 0, 1, '2024-01-02T10:05:00Z');
    expect(await store.updateProjections('p2', { head: second.head, members: [member(0, 1), member(1, 1)] })).toEqual({ written: 0, skipped: 2 });
    const stale = { ...second.head, version: 1, turn: 'ann' };
    expect(await store.updateProjections('p2', { head: stale, members: allMembers(0) })).toEqual({ written: 0, skipped: 4 });
    expect(await entries('p2')).toEqual([
      { seat: 0, version: 2, myTurn: false },
      { seat: 1, version: 2, myTurn: true },
      { seat: 2, version: 1, myTurn: false },
      { seat: 3, version: 1, myTurn: false },
    ]);
  });

  it('writes nothing for no members, and refuses members it could not key', async () => {
    const head = { version: 1, status: 'waiting', turn: null, seats, updatedAt: '2024-01-03T10:00:00Z' };
    expect(await store.measure(() => store.updateProjections('p3', { head, members: [] }))).toMatchObject({
      result: { written: 0, skipped: 0 },
      cost: { requests: 0 },
    });
    await expect(store.updateProjections('p3', { head, members: [member(1, 0), member(1, 0)] })).rejects.toThrow(/seat 1 is given twice/);
    await expect(store.updateProjections('p3', { head, members: [{ seat: -1, playerId: 'ann', myTurn: false }] })).rejects.toThrow(/seat/);
    await expect(store.updateProjections('p3', { head, members: [{ seat: 0, playerId: '', myTurn: false }] })).rejects.toThrow(/playerId/);
    await expect(store.updateProjections('p3', { head: { ...head, updatedAt: 'yesterday' }, members: [] })).rejects.toThrow(/updatedAt/);
    expect(await entries('p3')).toEqual([null, null, null, null]);
  });
});

describe('rebuilding projections', () => {
  it('repairs the lists after an update was lost between the append and its member writes', async () => {
    await move('r1', 1, 0, 0, '2024-01-04T10:00:00Z');
    await move('r1', 2, 0, 1, '2024-01-04T10:05:00Z');
    // The process dies after the append of version 3, before its member writes:
    await move('r1', 3, 1, 2, '2024-01-04T10:10:00Z', { projections: false });
    expect(await store.getHead('r1')).toMatchObject({ version: 3, turn: 'cy' });
    const stale = await entries('r1');
    expect(stale[1]).toEqual({ seat: 1, version: 2, myTurn: true });
    expect(stale[2]).toEqual({ seat: 2, version: 1, myTurn: false });

    const { result, cost } = await store.measure(() => store.rebuildProjections('r1', project));
    expect(result).toEqual({ written: 5, skipped: 0 });
    expect(cost.byOperation).toMatchObject({ Query: { requests: 1 }, UpdateItem: { requests: 1 }, PutItem: { requests: 4 } });
    expect(await entries('r1')).toEqual([0, 1, 2, 3].map((seat) => ({ seat, version: 3, myTurn: seat === 2 })));
    expect(await store.getHead('r1')).toMatchObject({ version: 3, turn: 'cy', moves: 3 });
  });

  it('repairs a head that was never written, and a wrong member at the same version', async () => {
    await move('r2', 1, 0, 0, '2024-01-05T10:00:00Z');
    // Version 2 is appended without its head, and its members are written wrongly (nobody's turn):
    const { commit } = await store.append('r2', 1, [{ type: 'Moved', turn: 3 }], { at: new Date('2024-01-05T10:05:00Z') });
    const head = headOf(commit, 2);
    await store.updateProjections('r2', { head, members: [member(0, -1), member(3, -1)] });
    expect(await store.getHead('r2')).toBeNull();
    expect((await entries('r2'))[3]).toEqual({ seat: 3, version: 2, myTurn: false });

    await store.rebuildProjections('r2', project);
    expect(await store.getHead('r2')).toEqual(head);
    expect(await store.readLatest('r2')).toMatchObject({ version: 2, head });
    expect(await entries('r2')).toEqual([0, 1, 2, 3].map((seat) => ({ seat, version: 2, myTurn: seat === 3 })));
    expect((await store.listPlayerGames('dee', { myTurn: true })).games.map((g) => g.gameId)).toContain('r2');
  });

  it('can run again: it rewrites the same items, and later moves carry on from them', async () => {
    await move('r3', 1, 0, 0, '2024-01-06T10:00:00Z');
    await move('r3', 2, 0, 1, '2024-01-06T10:05:00Z');
    const before = await entries('r3');
    expect(await store.rebuildProjections('r3', project)).toEqual({ written: 5, skipped: 0 });
    expect(await store.rebuildProjections('r3', project)).toEqual({ written: 5, skipped: 0 });
    expect(await entries('r3')).toEqual(before.map((e) => e && { ...e, version: 2 }));
    await move('r3', 3, 1, 2, '2024-01-06T10:10:00Z');
    expect((await entries('r3')).map((e) => e && [e.version, e.myTurn])).toEqual([[2, false], [3, false], [3, true], [2, false]]);
  });

  it('refuses an empty stream, and a head that is not the newest commit\'s', async () => {
    await expect(store.rebuildProjections('never-written', project)).rejects.toThrow(NotFoundError);
    await move('r4', 1, 0, 0, '2024-01-07T10:00:00Z');
    await move('r4', 2, 0, 1, '2024-01-07T10:05:00Z');
    await expect(store.rebuildProjections('r4', (commits) => project(commits.slice(0, 1)))).rejects.toThrow(/head.version .*\(2\), got 1/);
    expect(await store.getHead('r4')).toMatchObject({ version: 2 });
  });
});
