import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppendMeta } from './commit';
import { dueAttributes, type DueAt, type DueItem } from './due';
import { ConcurrencyError } from './errors';
import type { Store } from './store';
import type { GameHead } from './head';
import { dueShard } from './keys';
import { DUE_SHARDS } from './table';
import { testStore } from './testing';

let store: Store;
let client: DynamoDBClient;
let tableName: string;

beforeAll(async () => {
  ({ store, client, tableName } = await testStore(inject('dynamoEndpoint')));
});

const t = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 10, minutes)).toISOString();
const timeout = (minutes: number): DueAt => ({ at: t(minutes), kind: 'timeout' });

/** Everything due before `before` in every shard, oldest first within a shard. */
async function dueBefore(before: string): Promise<DueItem[]> {
  const pages = await Promise.all(Array.from({ length: DUE_SHARDS }, (_, shard) => store.due.list(shard, before)));
  return pages.flatMap((page) => page.items);
}
const dueFor = async (gameId: string, before = t(999)) =>
  (await dueBefore(before)).filter((i) => i.streamId === gameId);

/** An item of its own that some kind of work is due on (as issue 15's or 17's items would be). */
async function putDue(gameId: string, due: DueAt, version = 1) {
  await client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: {
        pk: { S: `game#${gameId}` },
        sk: { N: '-100' },
        v: { N: String(version) },
        ...dueAttributes(gameId, due),
      },
    }),
  );
}

const seats = ['ann', 'bob'].map((playerId) => ({ playerId, name: playerId.toUpperCase() }));
const head = (version: number, turn: string | null): GameHead => ({
  version,
  status: 'playing',
  turn,
  seats,
  updatedAt: t(version),
});
/** A clocked move's meta: whom the game awaited before and after, and the awaited one's deadline. */
const clocked = (version: number, from: string | null, to: string | null, due: DueAt | null): AppendMeta => ({
  idempotencyKey: `k${version}`,
  commandHash: 'h',
  at: new Date(t(version)),
  turn: { from, to, head: head(version, to), due },
});

describe('the due index', () => {
  it('lists an item once it is due (at its time), not before, oldest first, in the shard its game hashes to', async () => {
    await putDue('due-a', timeout(30));
    await putDue('due-b', timeout(10));
    expect(await dueFor('due-a', t(29))).toEqual([]);
    // Due at its time exactly: a sweep at the deadline finds it.
    const [a] = await dueFor('due-a', t(30));
    expect(a).toMatchObject({ kind: 'timeout', at: t(30), streamId: 'due-a', version: 1 });
    const shard = dueShard('due-a', DUE_SHARDS);
    const { items } = await store.due.list(shard, t(31));
    expect(items.map((i) => i.streamId)).toContain('due-a');
    // Every game's items are in exactly one shard.
    const elsewhere = await Promise.all(
      Array.from({ length: DUE_SHARDS }, (_, s) => s).map((s) => store.due.list(s, t(999))),
    );
    expect(elsewhere.filter((p) => p.items.some((i) => i.streamId === 'due-a'))).toHaveLength(1);
  });

  it('pages through a shard oldest first', async () => {
    // Games that share a shard: found by trying ids.
    const shard = dueShard('page-0', DUE_SHARDS);
    const ids = Array.from({ length: 400 }, (_, i) => `page-${i}`)
      .filter((id) => dueShard(id, DUE_SHARDS) === shard)
      .slice(0, 5);
    for (const [i, id] of ids.entries()) await putDue(id, timeout(50 - i));
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page = await store.due.list(shard, t(60), { limit: 2, next });
      seen.push(...page.items.filter((i) => ids.includes(i.streamId)).map((i) => i.at));
      next = page.next;
    } while (next);
    expect(seen).toEqual([...seen].sort());
    expect(seen).toHaveLength(ids.length);
  });

  it('is claimed by one sweeper at a time, until the claim expires; a settled item leaves it', async () => {
    await putDue('claim-a', timeout(5));
    const [item] = await dueFor('claim-a');
    if (!item) throw new Error('not listed');
    const claims = await Promise.all([0, 1, 2].map(() => store.due.claim(item, t(6), t(7))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.due.claim(item, t(6), t(7))).toBe(false);
    // Its sweeper died: once the claim has expired the next sweep claims it again.
    expect(await store.due.claim(item, t(8), t(9))).toBe(true);
    expect(await store.due.isStillDue(item)).toBe(true);
    expect(await store.due.settle(item, null)).toBe(true);
    expect(await dueFor('claim-a')).toEqual([]);
    expect(await store.due.isStillDue(item)).toBe(false);
    expect(await store.due.claim(item, t(20), t(21))).toBe(false);
  });

  it('is moved to a later time by a settle with a next time, and only while the item is as listed', async () => {
    await putDue('move-a', timeout(5));
    const [item] = await dueFor('move-a');
    if (!item) throw new Error('not listed');
    expect(await store.due.claim(item, t(6), t(7))).toBe(true);
    expect(await store.due.settle(item, { at: t(40), kind: 'timeout' })).toBe(true);
    expect(await dueFor('move-a', t(39))).toEqual([]);
    const [moved] = await dueFor('move-a', t(41));
    // The claim went with the move: the item is anyone's again once due.
    expect(await store.due.claim(moved as DueItem, t(41), t(42))).toBe(true);
    // The old listing is stale: nothing is done with it.
    expect(await store.due.settle(item, null)).toBe(false);
    expect(await store.due.claim(item, t(50), t(51))).toBe(false);
  });

  it('is never claimed once the item was written again (a new version), even at the same due time', async () => {
    await putDue('version-a', timeout(5), 3);
    const [item] = await dueFor('version-a');
    await putDue('version-a', timeout(5), 4);
    expect(await store.due.claim(item as DueItem, t(6), t(7))).toBe(false);
  });

  it('refuses kinds that could not be told apart in a sort key, and times that are not times', () => {
    expect(() => dueAttributes('g', { at: t(1), kind: 'Time#out' })).toThrow(/kebab-case/);
    expect(() => dueAttributes('g', { at: 'soon', kind: 'timeout' })).toThrow(/ISO 8601/);
  });
});

describe('turn entries with a deadline', () => {
  it('put the awaited player in the index, and take the one whose turn ended out', async () => {
    await store.streams.append('clock-1', 0, [{ type: 'Created' }]);
    const start = await store.measure(() =>
      store.streams.append('clock-1', 1, [{}], clocked(2, null, 'ann', timeout(62))),
    );
    // The commit and Ann's entry, which the index also takes.
    expect(start.cost.requests).toBe(2);
    expect((await dueFor('clock-1')).map((i) => [i.kind, i.at, i.version])).toEqual([['timeout', t(62), 2]]);
    await store.streams.append('clock-1', 2, [{}], clocked(3, 'ann', 'bob', timeout(63)));
    expect((await dueFor('clock-1')).map((i) => [i.at, i.version])).toEqual([[t(63), 3]]);
    // An announcement leaves Bob in turn and his deadline as it was.
    await store.streams.append('clock-1', 3, [{}], { idempotencyKey: 'k4' });
    expect((await dueFor('clock-1')).map((i) => i.at)).toEqual([t(63)]);
    // More time for Bob, or a new turn of his: his entry alone, with the new deadline.
    const more = await store.measure(() =>
      store.streams.append('clock-1', 4, [{}], clocked(5, 'bob', 'bob', timeout(90))),
    );
    expect(more.cost.requests).toBe(2);
    expect((await dueFor('clock-1')).map((i) => [i.at, i.version])).toEqual([[t(90), 5]]);
    const [bob] = (await store.playerGames.list('bob', { myTurn: true })).games;
    expect(bob).toMatchObject({ gameId: 'clock-1', since: t(5) });
    // The game ends: every entry goes, and with it every deadline.
    const finished = { ...head(6, null), status: 'finished' };
    await store.streams.append('clock-1', 5, [{}], {
      idempotencyKey: 'k6',
      turn: { from: 'bob', to: null, head: finished },
    });
    expect(await dueFor('clock-1')).toEqual([]);
  });

  it('without a clock, never enter the index', async () => {
    await store.streams.append('plain-1', 0, [{}], { turn: { from: null, to: 'ann', head: head(1, 'ann') } });
    await store.streams.append('plain-1', 1, [{}], { turn: { from: 'ann', to: 'bob', head: head(2, 'bob') } });
    expect(await dueFor('plain-1')).toEqual([]);
  });

  it('a command that loses its race puts the deadline it took out back, as the winner left it', async () => {
    await store.streams.append('clock-2', 0, [{}], clocked(1, null, 'ann', timeout(61)));
    // The winner at version 2 leaves Ann in turn (a call-out): it writes no entry.
    await store.streams.append('clock-2', 1, [{ type: 'CalledOut' }], { idempotencyKey: 'win' });
    // The loser passed the turn to Bob: its entries landed, its commit did not, and it puts them back.
    await expect(store.streams.append('clock-2', 1, [{}], clocked(2, 'ann', 'bob', timeout(62)))).rejects.toThrow(
      ConcurrencyError,
    );
    expect((await dueFor('clock-2')).map((i) => [i.at, i.key.pk])).toEqual([[t(61), 'turns#ann']]);
  });

  it('a rewrite that loses its race never touched the entry: the winner’s deadline stands', async () => {
    await store.streams.append('clock-3', 0, [{}], clocked(1, null, 'ann', timeout(61)));
    await store.streams.append('clock-3', 1, [{ type: 'CalledOut' }], { idempotencyKey: 'win' });
    // More time for Ann, decided on version 1: refused, and Ann's deadline is the one she had.
    await expect(store.streams.append('clock-3', 1, [{}], clocked(2, 'ann', 'ann', timeout(99)))).rejects.toThrow(
      ConcurrencyError,
    );
    expect((await dueFor('clock-3')).map((i) => i.at)).toEqual([t(61)]);
  });

  it('are repaired with their deadline by restoreTurns', async () => {
    await store.streams.append('clock-4', 0, [{}], clocked(1, null, 'ann', timeout(61)));
    const { commit } = await store.streams.append('clock-4', 1, [{}], clocked(2, 'ann', 'bob', timeout(62)));
    // Say an outage lost both writes: a repair from the commit writes them again.
    const [bob] = await dueFor('clock-4');
    await store.due.settle(bob as DueItem, null);
    expect(await dueFor('clock-4')).toEqual([]);
    expect(await store.turns.restore(commit, head(2, 'bob'), timeout(62))).toBe(true);
    expect((await dueFor('clock-4')).map((i) => [i.at, i.key.pk])).toEqual([[t(62), 'turns#bob']]);
  });
});
