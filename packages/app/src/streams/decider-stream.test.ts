import { randomUUID } from 'node:crypto';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { NotFoundError, RefusedError } from '../errors';
import type { Decider } from './decider';
import { DeciderStream } from './decider-stream';

// A tally: add a name once, remove it; at most three names. Small enough to show the stream alone.
type Command = { type: 'add'; name: string } | { type: 'remove'; name: string };
type Event = { type: 'Added'; name: string } | { type: 'Removed'; name: string };
interface State {
  names: string[];
  removed: number;
}
let decided = 0;
const tally: Decider<Command, Event, State> = {
  initialState: () => ({ names: [], removed: 0 }),
  evolve: (state, event) =>
    event.type === 'Added'
      ? { ...state, names: [...state.names, event.name] }
      : { names: state.names.filter((n) => n !== event.name), removed: state.removed + 1 },
  decide: (command, state) => {
    decided++;
    if (command.type === 'remove')
      return state.names.includes(command.name)
        ? [{ type: 'Removed', name: command.name }]
        : new NotFoundError('webhook/not-found', `no ${command.name}`);
    if (state.names.includes(command.name)) return [];
    if (state.names.length >= 3) return new RefusedError('webhook/too-many-endpoints', 'three at most');
    return [{ type: 'Added', name: command.name }];
  },
};

async function freshStore() {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `decider-${randomUUID()}`;
  await ensureTable(client, tableName);
  return openStore({ client, tableName });
}

const meta = { at: new Date('2026-12-01T12:00:00.000Z'), by: 'p_ann' };

describe('a decider on its stream', () => {
  it('appends the events decided with the state after them, writes nothing for none, and throws a refusal', async () => {
    const store = await freshStore();
    const stream = new DeciderStream(store, tally);
    const added = await stream.handle('s_1.tally', { type: 'add', name: 'a' }, meta);
    expect(added).toMatchObject({ state: { names: ['a'] }, version: 1, replayed: false });
    expect(added.commit?.events).toEqual([{ type: 'Added', name: 'a' }]);
    expect(await stream.handle('s_1.tally', { type: 'add', name: 'a' }, meta)).toMatchObject({
      version: 1,
      commit: null,
    });
    await expect(stream.handle('s_1.tally', { type: 'remove', name: 'x' }, meta)).rejects.toMatchObject({
      code: 'webhook/not-found',
    });
    const commits = await store.streams.readAll('s_1.tally', { snapshots: true });
    expect(commits.map((c) => [c.version, c.events, c.snapshot, c.by])).toEqual([
      [1, [{ type: 'Added', name: 'a' }], { names: ['a'], removed: 0 }, 'p_ann'],
    ]);
    expect(await stream.read('s_1.tally')).toEqual({ state: { names: ['a'], removed: 0 }, version: 1 });
  });

  it('decides again on the winner’s state when another change lands first: the limit holds under a race', async () => {
    const stream = new DeciderStream(await freshStore(), tally, { retries: 10 });
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    decided = 0;
    const settled = await Promise.allSettled(
      names.map((name) => stream.handle('s_2.tally', { type: 'add', name }, meta)),
    );
    const { state, version } = await stream.read('s_2.tally');
    expect([state.names.length, version]).toEqual([3, 3]);
    expect(settled.filter((s) => s.status === 'rejected').map((s) => (s.reason as RefusedError).code)).toEqual(
      Array(3).fill('webhook/too-many-endpoints'),
    );
    expect(decided).toBeGreaterThan(names.length);
  });

  it('reads a state from a snapshot written before a field was added to it', async () => {
    const store = await freshStore();
    await store.streams.append('s_3.tally', 0, [{ type: 'Added' }], { snapshot: { names: ['old'] }, ...meta });
    const stream = new DeciderStream(store, tally);
    expect((await stream.read('s_3.tally')).state).toEqual({ names: ['old'], removed: 0 });
    const removed = await stream.handle('s_3.tally', { type: 'remove', name: 'old' }, meta);
    expect(removed.state).toEqual({ names: [], removed: 1 });
  });

  it('without snapshots, a log: recognises a retry by its key among the newest commits, refuses the key reused', async () => {
    const store = await freshStore();
    const log = new DeciderStream(store, tally, { snapshots: false, recognise: 3 });
    const keyed = (key: string, name = key) => ({ ...meta, key, commandHash: `add:${name}` });
    const first = await log.handle('s_4.log', { type: 'add', name: 'a' }, keyed('k1', 'a'));
    await log.handle('s_4.log', { type: 'add', name: 'a' }, keyed('k2', 'a'));
    expect(first.commit?.version).toBe(1);
    const again = await log.handle('s_4.log', { type: 'add', name: 'a' }, keyed('k1', 'a'));
    expect(again).toMatchObject({ replayed: true, version: 1, commit: { version: 1, at: first.commit?.at } });
    await expect(log.handle('s_4.log', { type: 'add', name: 'b' }, keyed('k1', 'b'))).rejects.toMatchObject({
      kind: 'key-reused',
    });
    const page = await log.readAfter('s_4.log', 0, 10);
    expect(page.commits.map((c) => c.version)).toEqual([1, 2]);
    expect((await store.streams.readAll('s_4.log', { snapshots: true })).map((c) => c.snapshot)).toEqual([
      undefined,
      undefined,
    ]);
  });
});

// An account-like decider: no state (null) before its first event, and commands at an If-Match.
type Named = { name: string } | null;
const naming: Decider<{ type: 'name'; name: string }, { type: 'Named'; name: string }, Named> = {
  initialState: () => null,
  evolve: (_state, event) => ({ name: event.name }),
  decide: (command, state) => (state?.name === command.name ? [] : [{ type: 'Named', name: command.name }]),
};

describe('a decider on its stream, at an expected version', () => {
  it('appends at the version decided on, answers a retry with its commit, and refuses a stale one with the version', async () => {
    const stream = new DeciderStream(await freshStore(), naming);
    const at = (expectedVersion: number, key: string, name: string) => ({
      ...meta,
      expectedVersion,
      key,
      commandHash: `name:${name}`,
    });
    expect(await stream.read('p_1')).toEqual({ state: null, version: 0 });
    const first = await stream.handle('p_1', { type: 'name', name: 'Ann' }, at(0, 'k1', 'Ann'));
    expect([first.state, first.version]).toEqual([{ name: 'Ann' }, 1]);
    await stream.handle('p_1', { type: 'name', name: 'Annie' }, at(1, 'k2', 'Annie'));
    const retried = await stream.handle('p_1', { type: 'name', name: 'Ann' }, at(0, 'k1', 'Ann'));
    expect(retried).toMatchObject({ replayed: true, version: 1, state: { name: 'Ann' } });
    await expect(stream.handle('p_1', { type: 'name', name: 'Bo' }, at(0, 'k1', 'Bo'))).rejects.toMatchObject({
      kind: 'key-reused',
    });
    await expect(stream.handle('p_1', { type: 'name', name: 'Bo' }, at(1, 'k3', 'Bo'))).rejects.toMatchObject({
      kind: 'stale',
      currentVersion: 2,
    });
  });

  it('is not decided again when another change at the same version lands first: one wins, the other is stale', async () => {
    const stream = new DeciderStream(await freshStore(), naming);
    const keyed = (key: string, name: string) => ({ ...meta, expectedVersion: 0, key, commandHash: name });
    const settled = await Promise.allSettled([
      stream.handle('p_2', { type: 'name', name: 'Ann' }, keyed('ka', 'Ann')),
      stream.handle('p_2', { type: 'name', name: 'Bob' }, keyed('kb', 'Bob')),
    ]);
    expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(settled.find((s) => s.status === 'rejected')).toMatchObject({
      reason: { kind: 'stale', currentVersion: 1 },
    });
    expect((await stream.read('p_2')).version).toBe(1);
  });
});
