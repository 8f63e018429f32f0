import { GetItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { putAwaiting } from './awaiting';
import type { AppendMeta } from './commit';
import { Dynamo } from './dynamo';
import { ConcurrencyError, ProjectionLagError, StoreError, StoreUnavailableError } from './errors';
import type { EventStore } from './event-store';
import type { GameHead } from './head';
import { AWAITING_SK } from './keys';
import { decodePayload } from './payload';
import { testStore } from './testing';

let store: EventStore;
let client: DynamoDBClient;
let tableName: string;
/** What the next requests should fail with, by the item they write: the awaiting item or a commit. */
const failing = { awaiting: false, commit: false };

beforeAll(async () => {
  ({ store, client, tableName } = await testStore(inject('dynamoEndpoint')));
  // Throttling as the SDK reports it once its retries are spent: a fault injected in the client,
  // before the request leaves. Everything else is the real store on the real protocol.
  client.middlewareStack.add(
    (next) => async (args) => {
      const sk = (args.input as { Item?: Record<string, AttributeValue> }).Item?.sk?.N;
      const awaitingItem = sk === String(AWAITING_SK);
      if (sk !== undefined && (awaitingItem ? failing.awaiting : failing.commit)) {
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ThrottlingException',
          $metadata: {},
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectThrottling' },
  );
});

const seats = ['ann', 'bob', 'cy'].map((playerId) => ({ playerId, name: playerId.toUpperCase() }));
const headAt = (version: number, turn: string | null, updatedAt: string, status = 'playing'): GameHead => ({
  version,
  status,
  turn,
  seats,
  updatedAt,
});
/** A move's meta as the API gives it: the head, and the player it waits for (the one in turn). */
const metaOf = (head: GameHead, key = `k${head.version}`): AppendMeta => ({
  idempotencyKey: key,
  commandHash: `h-${key}`,
  head,
  awaiting: { playerId: head.turn },
});

/** The awaiting item as stored, read directly. */
async function awaitingItem(gameId: string) {
  const { Item } = await client.send(
    new GetItemCommand({
      TableName: tableName,
      Key: { pk: { S: `game#${gameId}` }, sk: { N: String(AWAITING_SK) } },
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return { v: Number(Item.v?.N), head: decodePayload(Item.hd) as GameHead, apk: Item.apk?.S, ask: Item.ask?.S };
}

describe('the awaiting item', () => {
  it('is written with every append that names whom it awaits, at the cost of one more PutItem sent alongside', async () => {
    const waiting = headAt(1, null, '2024-07-01T10:00:00.000Z', 'waiting');
    await store.append('w1', 0, [{ type: 'Created' }], metaOf(waiting));
    expect(await awaitingItem('w1')).toEqual({ v: 1, head: waiting, apk: undefined, ask: undefined });

    const annsTurn = headAt(2, 'ann', '2024-07-01T10:05:00.000Z');
    const { result, cost } = await store.measure(() => store.append('w1', 1, [{ type: 'Started' }], metaOf(annsTurn)));
    expect(cost).toMatchObject({ requests: 2, writeUnits: 2, byOperation: { PutItem: { requests: 2 } } });
    expect(result.commit.awaiting).toEqual({ playerId: 'ann' });
    expect(await awaitingItem('w1')).toEqual({
      v: 2,
      head: annsTurn,
      apk: 'player#ann',
      ask: '2024-07-01T10:05:00.000Z#w1',
    });

    const bobsTurn = headAt(3, 'bob', '2024-07-01T10:06:00.000Z');
    await store.append('w1', 2, [{ type: 'Played' }], metaOf(bobsTurn));
    expect(await awaitingItem('w1')).toMatchObject({ v: 3, apk: 'player#bob', ask: '2024-07-01T10:06:00.000Z#w1' });
    const finished = headAt(4, null, '2024-07-01T10:07:00.000Z', 'finished');
    await store.append('w1', 3, [{ type: 'Won' }], metaOf(finished));
    expect(await awaitingItem('w1')).toEqual({ v: 4, head: finished, apk: undefined, ask: undefined });
  });

  it('is recorded in the commit too, and left alone by an append without `awaiting`', async () => {
    await store.append('w2', 0, [{ type: 'Started' }], metaOf(headAt(1, 'cy', '2024-07-02T10:00:00Z')));
    expect(await store.readLatest('w2')).toMatchObject({ version: 1, awaiting: { playerId: 'cy' } });
    expect(await store.readCommit('w2', 1, { snapshot: false })).toMatchObject({ awaiting: { playerId: 'cy' } });
    const { cost } = await store.measure(() =>
      store.append('w2', 1, [{ type: 'Noted' }], { head: headAt(2, 'cy', '2024-07-02T10:01:00Z') }),
    );
    expect(cost.requests).toBe(1);
    expect(await awaitingItem('w2')).toMatchObject({ v: 1, apk: 'player#cy' });
    expect(await store.readLatest('w2')).not.toHaveProperty('awaiting');
  });

  it('is refused, before anything is written, without a head or with an empty player id', async () => {
    const { cost } = await store.measure(async () => {
      await expect(store.append('w3', 0, [], { awaiting: { playerId: 'ann' } })).rejects.toThrow(
        /awaiting needs the head/,
      );
      await expect(
        store.append('w3', 0, [], { head: headAt(1, null, '2024-07-03T10:00:00Z'), awaiting: { playerId: '' } }),
      ).rejects.toThrow(/playerId/);
    });
    expect(cost.requests).toBe(0);
    expect(await store.readLatest('w3')).toBeNull();
  });
});

describe('the awaiting item in races', () => {
  it("is repaired by the commit's winner when a loser's item landed first (one more PutItem)", async () => {
    await store.append('r1', 0, [{ type: 'Started' }], metaOf(headAt(1, 'ann', '2024-07-04T10:00:00Z')));
    // A command that is about to lose the race for version 2 writes its item before the winner's:
    const phantom = headAt(2, 'cy', '2024-07-04T10:01:00.000Z');
    await putAwaiting(new Dynamo(client, tableName), 'r1', phantom, { playerId: 'cy' }, { sameVersion: false });
    expect(await awaitingItem('r1')).toMatchObject({ v: 2, apk: 'player#cy' });

    const real = headAt(2, 'bob', '2024-07-04T10:01:00.500Z');
    const { result, cost } = await store.measure(() => store.append('r1', 1, [{ type: 'Played' }], metaOf(real)));
    expect(result.replayed).toBe(false);
    expect(cost.byOperation).toEqual({ PutItem: { requests: 3, readUnits: 0, writeUnits: 2 } });
    expect(await awaitingItem('r1')).toEqual({
      v: 2,
      head: real,
      apk: 'player#bob',
      ask: '2024-07-04T10:01:00.500Z#r1',
    });
  });

  it('is left to a newer commit: the repair only replaces an item of its own version', async () => {
    await store.append('r2', 0, [{ type: 'Started' }], metaOf(headAt(1, 'ann', '2024-07-05T10:00:00Z')));
    const newer = headAt(3, 'cy', '2024-07-05T10:02:00.000Z');
    await putAwaiting(new Dynamo(client, tableName), 'r2', newer, { playerId: 'cy' }, { sameVersion: false });
    await store.append('r2', 1, [{ type: 'Played' }], metaOf(headAt(2, 'bob', '2024-07-05T10:01:00Z')));
    expect(await awaitingItem('r2')).toEqual({
      v: 3,
      head: newer,
      apk: 'player#cy',
      ask: '2024-07-05T10:02:00.000Z#r2',
    });
  });

  it("ends with the winner's item after 32 different commands race for one version", async () => {
    await store.append('r3', 0, [{ type: 'Started' }], metaOf(headAt(1, 'ann', '2024-07-06T10:00:00Z')));
    const results = await Promise.allSettled(
      Array.from({ length: 32 }, (_, i) =>
        store.append(
          'r3',
          1,
          [{ writer: i }],
          metaOf(
            headAt(2, seats[i % 3]?.playerId ?? null, `2024-07-06T10:01:${String(i).padStart(2, '0')}.000Z`),
            `w${i}`,
          ),
        ),
      ),
    );
    const winners = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.commit] : []));
    expect(winners).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
    const winner = winners[0];
    expect(await awaitingItem('r3')).toMatchObject({
      v: 2,
      head: winner?.head,
      apk: `player#${winner?.awaiting?.playerId}`,
    });
  });

  it("ends with the one commit's item after 32 deliveries of one command", async () => {
    const results = await Promise.all(
      // Each delivery computes its own head time, as a retried request would.
      Array.from({ length: 32 }, (_, i) =>
        store.append(
          'r4',
          0,
          [{ type: 'Started' }],
          metaOf(headAt(1, 'bob', `2024-07-07T10:00:${String(i).padStart(2, '0')}.000Z`), 'dup'),
        ),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const recorded = results[0]?.commit;
    expect(await awaitingItem('r4')).toMatchObject({
      v: 1,
      head: recorded?.head,
      ask: `${recorded?.head?.updatedAt}#r4`,
    });
  });
});

describe('an awaiting item that could not be written', () => {
  it('throws ProjectionLagError with the recorded commit; the retry with the same key repairs the item', async () => {
    await store.append('l1', 0, [{ type: 'Started' }], metaOf(headAt(1, 'ann', '2024-07-08T10:00:00.000Z')));
    const first = headAt(2, 'bob', '2024-07-08T10:01:00.000Z');
    failing.awaiting = true;
    const error = await store.append('l1', 1, [{ type: 'Played' }], metaOf(first, 'move-2')).catch((e: unknown) => e);
    failing.awaiting = false;
    expect(error).toBeInstanceOf(ProjectionLagError);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'store/projection-lag', gameId: 'l1', commit: { version: 2, head: first } });
    expect((error as ProjectionLagError).cause).toBeInstanceOf(StoreUnavailableError);
    expect(await store.readLatest('l1', { snapshot: false })).toEqual((error as ProjectionLagError).commit);
    expect(await awaitingItem('l1')).toMatchObject({ v: 1, apk: 'player#ann' });

    // The retry computes a new head time; its own item lands on the stale one, then the replay
    // rewrites it from the recorded commit.
    const retried = headAt(2, 'bob', '2024-07-08T10:01:09.000Z');
    const { result, cost } = await store.measure(() =>
      store.append('l1', 1, [{ type: 'Played' }], metaOf(retried, 'move-2')),
    );
    expect(result).toEqual({ commit: (error as ProjectionLagError).commit, replayed: true });
    expect(cost.byOperation).toMatchObject({ PutItem: { requests: 3 }, Query: { requests: 1 } });
    expect(await awaitingItem('l1')).toEqual({
      v: 2,
      head: first,
      apk: 'player#bob',
      ask: '2024-07-08T10:01:00.000Z#l1',
    });
  });

  it("is written by the next append when the first commit's was lost and its command never retried", async () => {
    failing.awaiting = true;
    await expect(
      store.append('l0', 0, [{ type: 'Created' }], metaOf(headAt(1, 'ann', '2024-07-09T10:00:00.000Z'))),
    ).rejects.toThrow(ProjectionLagError);
    failing.awaiting = false;
    expect(await awaitingItem('l0')).toBeNull();
    // The next append's write asks for an older item, finds none, and restores its own: one more PutItem.
    const next = headAt(2, 'bob', '2024-07-09T10:01:00.000Z');
    const { result, cost } = await store.measure(() => store.append('l0', 1, [{ type: 'Played' }], metaOf(next)));
    expect(result.replayed).toBe(false);
    expect(cost.byOperation).toEqual({ PutItem: expect.objectContaining({ requests: 3 }) });
    expect(await awaitingItem('l0')).toEqual({
      v: 2,
      head: next,
      apk: 'player#bob',
      ask: '2024-07-09T10:01:00.000Z#l0',
    });
  });

  it('is restored from a commit found by its key (restoreAwaiting), never over a newer one', async () => {
    await store.append('l4', 0, [{ type: 'Started' }], metaOf(headAt(1, 'ann', '2024-07-11T10:00:00Z')));
    const lagging = headAt(2, 'bob', '2024-07-11T10:01:00.000Z');
    failing.awaiting = true;
    await expect(store.append('l4', 1, [{ type: 'Played' }], metaOf(lagging, 'move-2'))).rejects.toThrow(
      ProjectionLagError,
    );
    failing.awaiting = false;
    const recorded = await store.findByIdempotencyKey('l4', 'move-2');
    expect(recorded).not.toBeNull();
    expect(await store.restoreAwaiting(recorded!)).toBe(true);
    expect(await awaitingItem('l4')).toEqual({
      v: 2,
      head: lagging,
      apk: 'player#bob',
      ask: '2024-07-11T10:01:00.000Z#l4',
    });
    expect(await store.restoreAwaiting(recorded!)).toBe(true);

    await store.append('l4', 2, [{ type: 'Played' }], metaOf(headAt(3, 'cy', '2024-07-11T10:02:00.000Z')));
    expect(await store.restoreAwaiting(recorded!)).toBe(false);
    expect(await awaitingItem('l4')).toMatchObject({ v: 3, apk: 'player#cy' });
    const plain = (await store.append('l5', 0, [{ type: 'Noted' }], { head: headAt(1, 'ann', '2024-07-11T10:03:00Z') }))
      .commit;
    expect(await store.restoreAwaiting(plain)).toBe(false);
    expect(await awaitingItem('l5')).toBeNull();
  });

  it('is repaired from the newest commit by a loser whose own item landed on it', async () => {
    await store.append('l2', 0, [{ type: 'Started' }], metaOf(headAt(1, 'ann', '2024-07-09T10:00:00Z')));
    const winner = headAt(2, 'bob', '2024-07-09T10:01:00.000Z');
    failing.awaiting = true;
    await expect(store.append('l2', 1, [{ type: 'Played' }], metaOf(winner, 'win'))).rejects.toThrow(
      ProjectionLagError,
    );
    failing.awaiting = false;
    // A command decided on version 1 loses the race; its item lands over the stale one, so it puts the winner's back.
    const loser = store.append('l2', 1, [{ type: 'Drew' }], metaOf(headAt(2, 'ann', '2024-07-09T10:01:01Z'), 'lose'));
    await expect(loser).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await awaitingItem('l2')).toEqual({
      v: 2,
      head: winner,
      apk: 'player#bob',
      ask: '2024-07-09T10:01:00.000Z#l2',
    });
  });

  it("is not what a failed commit reports: the commit's own error is", async () => {
    await store.append('l3', 0, [{ type: 'Started' }], metaOf(headAt(1, 'ann', '2024-07-10T10:00:00Z')));
    failing.commit = true;
    const error = await store
      .append('l3', 1, [{ type: 'Played' }], metaOf(headAt(2, 'bob', '2024-07-10T10:01:00Z')))
      .catch((e: unknown) => e);
    failing.commit = false;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(await store.readLatest('l3')).toMatchObject({ version: 1 });
    // Its item did land: the game's lists run ahead of it until the retry (same key) appends and repairs.
    expect(await awaitingItem('l3')).toMatchObject({ v: 2, apk: 'player#bob' });
    const retried = headAt(2, 'cy', '2024-07-10T10:01:05.000Z');
    await store.append('l3', 1, [{ type: 'Played' }], metaOf(retried));
    expect(await awaitingItem('l3')).toMatchObject({ v: 2, head: retried, apk: 'player#cy' });
  });
});
