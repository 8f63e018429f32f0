import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Commit } from './commit';
import { NotFoundError } from './errors';
import type { EventStore } from './event-store';
import type { ProjectionInput } from './projections';
import { testStore } from './testing';

let store: EventStore;
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint')));
});

const seats = [
  { playerId: 'ann', name: 'Ann' },
  { playerId: 'bob', name: 'Bob' },
];

/** A toy projection for a toy game: events say whose turn it is; the store never interprets them. */
function project(commits: Commit[]): ProjectionInput {
  const last = commits[commits.length - 1];
  if (!last) throw new Error('no commits');
  const turn = (last.events[last.events.length - 1] as { turn: string }).turn;
  return {
    head: { version: last.version, status: 'playing', turn, seats, updatedAt: last.at, moves: commits.length },
    members: seats.map((s) => ({ playerId: s.playerId, myTurn: s.playerId === turn })),
  };
}

async function move(gameId: string, version: number, turn: string, at: string) {
  const { commit } = await store.append(gameId, version - 1, [{ type: 'Moved', turn }], { at: new Date(at) });
  return commit;
}

describe('projections', () => {
  it('writes the head and the members after an append, and returns the head with its extra fields', async () => {
    const commits = [await move('p1', 1, 'bob', '2024-01-01T10:00:00Z')];
    expect(await store.getHead('p1')).toBeNull();
    expect(await store.updateProjections('p1', project(commits))).toEqual({ written: 3, skipped: 0 });
    expect(await store.getHead('p1')).toEqual({ version: 1, status: 'playing', turn: 'bob', seats, updatedAt: '2024-01-01T10:00:00.000Z', moves: 1 });
  });

  it('skips an update as old as or older than what is stored: repeated and late updates are no-ops', async () => {
    const c1 = await move('p2', 1, 'bob', '2024-01-01T10:00:00Z');
    const c2 = await move('p2', 2, 'ann', '2024-01-01T11:00:00Z');
    await store.updateProjections('p2', project([c1, c2]));
    expect(await store.updateProjections('p2', project([c1, c2]))).toEqual({ written: 0, skipped: 3 });
    expect(await store.updateProjections('p2', project([c1]))).toEqual({ written: 0, skipped: 3 });
    expect(await store.getHead('p2')).toMatchObject({ version: 2, turn: 'ann' });
  });

  it('is rebuilt from the events after an update was lost', async () => {
    const c1 = await move('p3', 1, 'bob', '2024-01-02T10:00:00Z');
    await store.updateProjections('p3', project([c1]));
    // The process dies between the append and its projection update:
    await move('p3', 2, 'ann', '2024-01-02T11:00:00Z');
    await move('p3', 3, 'bob', '2024-01-02T12:00:00Z');
    expect(await store.getHead('p3')).toMatchObject({ version: 1, turn: 'bob' });
    expect((await store.listPlayerGames('ann', { myTurn: false })).games.map((g) => g.head.version)).toContain(1);

    const rebuilt = await store.rebuildProjections('p3', project);
    expect(rebuilt).toEqual({ written: 3, skipped: 0 });
    expect(await store.getHead('p3')).toMatchObject({ version: 3, turn: 'bob', moves: 3, updatedAt: '2024-01-02T12:00:00.000Z' });
    const bobsTurn = await store.listPlayerGames('bob', { myTurn: true });
    expect(bobsTurn.games.find((g) => g.gameId === 'p3')).toMatchObject({ myTurn: true, head: { version: 3 } });
  });

  it('rebuilds over a half-applied update at the same version', async () => {
    const c1 = await move('p4', 1, 'ann', '2024-01-03T10:00:00Z');
    // Only the head of this update landed; the members did not.
    await store.updateProjections('p4', { ...project([c1]), members: [] });
    expect((await store.listPlayerGames('ann', { myTurn: true })).games.map((g) => g.gameId)).not.toContain('p4');
    await store.rebuildProjections('p4', project);
    expect((await store.listPlayerGames('ann', { myTurn: true })).games.map((g) => g.gameId)).toContain('p4');
  });

  it('removes the membership of a player who left', async () => {
    const head = { version: 1, status: 'waiting', turn: null, seats: [...seats, { playerId: 'cy', name: 'Cy' }], updatedAt: '2024-01-04T10:00:00Z' };
    await store.updateProjections('p5', { head, members: ['ann', 'bob', 'cy'].map((playerId) => ({ playerId, myTurn: false })) });
    expect((await store.listPlayerGames('cy')).games.map((g) => g.gameId)).toContain('p5');
    await store.updateProjections('p5', { head: { ...head, version: 2, seats }, members: ['ann', 'bob'].map((playerId) => ({ playerId, myTurn: false })) });
    expect((await store.listPlayerGames('cy')).games.map((g) => g.gameId)).not.toContain('p5');
    expect((await store.listPlayerGames('bob')).games.map((g) => g.gameId)).toContain('p5');
    // The version-1 update delivered late must not bring Cy's membership back.
    const late = await store.updateProjections('p5', { head, members: ['ann', 'bob', 'cy'].map((playerId) => ({ playerId, myTurn: false })) });
    expect(late).toEqual({ written: 0, skipped: 4 });
    expect((await store.listPlayerGames('cy')).games.map((g) => g.gameId)).not.toContain('p5');
  });

  it('refuses to rebuild a stream with no commits, and a head without a valid time', async () => {
    await expect(store.rebuildProjections('never-written', project)).rejects.toThrow(NotFoundError);
    const head = { version: 1, status: 'waiting', turn: null, seats: [], updatedAt: 'yesterday' };
    await expect(store.updateProjections('p6', { head, members: [] })).rejects.toThrow(/updatedAt/);
  });
});
