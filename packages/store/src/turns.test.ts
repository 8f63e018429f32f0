import { GetItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppendMeta } from './commit';
import { Dynamo } from './dynamo';
import { ConcurrencyError, ProjectionLagError } from './errors';
import type { Store } from './store';
import type { GameHead } from './head';
import { turnSk, turnsKey } from './keys';
import { testStore } from './testing';
import { writeEntry, writeTurns } from './turns';

let store: Store;
let client: DynamoDBClient;
let tableName: string;
/** While set, writes of turn entries fail as throttled (once the SDK's retries are spent). */
const failing = { turns: false };

beforeAll(async () => {
  ({ store, client, tableName } = await testStore(inject('dynamoEndpoint')));
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { Item?: Record<string, AttributeValue>; Key?: Record<string, AttributeValue> };
      const pk = (input.Item ?? input.Key)?.pk?.S ?? '';
      if (failing.turns && pk.startsWith('turns#')) {
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
const headAt = (version: number, turn: string | null, status = 'playing'): GameHead => ({
  version,
  status,
  turn,
  seats,
  updatedAt: `2024-07-01T10:0${version}:00.000Z`,
});
/** A move's meta as the API gives it: the key, and whom the game awaited before and after. */
const moveMeta = (version: number, from: string | null, to: string | null, status = 'playing'): AppendMeta => ({
  idempotencyKey: `k${version}`,
  commandHash: `h${version}`,
  at: new Date(`2024-07-01T10:0${version}:00.000Z`),
  turn: { from, to, head: headAt(version, to, status) },
});
const waitingOn = async (gameId: string) => {
  const lists = await Promise.all(seats.map((s) => store.playerGames.list(s.playerId, { myTurn: true })));
  return lists.flatMap((list, i) => (list.games.some((g) => g.gameId === gameId) ? [seats[i]?.playerId] : []));
};
/** A player's entry for a game as stored, tombstones included. */
async function entry(playerId: string, gameId: string) {
  const { Item } = await client.send(
    new GetItemCommand({
      TableName: tableName,
      Key: { pk: turnsKey(playerId), sk: turnSk(gameId) },
      ConsistentRead: true,
    }),
  );
  return Item ? { v: Number(Item.v?.N), waiting: Item.w?.BOOL } : null;
}

describe("the players' turn entries", () => {
  it('are written only when the awaited player changes: the new one’s entry and the old one’s tombstone', async () => {
    await store.streams.append('t1', 0, [{ type: 'Created' }]);
    const start = await store.measure(() =>
      store.streams.append('t1', 1, [{ type: 'Started' }], moveMeta(2, null, 'ann')),
    );
    expect(start.cost).toMatchObject({ requests: 2, writeUnits: 2 });
    expect(await waitingOn('t1')).toEqual(['ann']);

    const move = await store.measure(() =>
      store.streams.append('t1', 2, [{ type: 'Played' }], moveMeta(3, 'ann', 'bob')),
    );
    expect(move.cost).toMatchObject({
      requests: 3,
      writeUnits: 3,
      byOperation: { PutItem: { requests: 2 }, UpdateItem: { requests: 1 } },
    });
    expect(move.result.commit.turn).toEqual({ from: 'ann', to: 'bob' });
    expect(await waitingOn('t1')).toEqual(['bob']);
    expect(await entry('ann', 't1')).toEqual({ v: 3, waiting: false });

    // An announcement leaves Bob in turn: the commit alone, one request, one unit.
    const same = await store.measure(() =>
      store.streams.append('t1', 3, [{ type: 'Announced' }], { idempotencyKey: 'k4' }),
    );
    expect(same.cost).toMatchObject({ requests: 1, writeUnits: 1 });
    const [bob] = (await store.playerGames.list('bob', { myTurn: true })).games;
    expect(bob).toMatchObject({ gameId: 't1', since: '2024-07-01T10:03:00.000Z', head: { version: 3, turn: 'bob' } });
  });

  it('leave every list, deleted, when the game is finished', async () => {
    await store.streams.append('t2', 0, [{ type: 'Started' }], moveMeta(1, null, 'cy'));
    await store.streams.append('t2', 1, [{ type: 'Played' }], moveMeta(2, 'cy', 'ann'));
    await store.streams.append('t2', 2, [{ type: 'Won' }], moveMeta(3, 'ann', null, 'finished'));
    expect(await waitingOn('t2')).toEqual([]);
    for (const seat of seats) expect(await entry(seat.playerId, 't2')).toBeNull();
  });

  it('are sent with the commit; a command that loses the race puts back what its writes changed', async () => {
    await store.streams.append('t3', 0, [{ type: 'Started' }], moveMeta(1, null, 'ann'));
    const racers = ['bob', 'cy'].map((to, i) =>
      store.streams.append('t3', 1, [{ racer: to }], { ...moveMeta(2, 'ann', to), idempotencyKey: `race${i}` }),
    );
    const [a, b] = await Promise.allSettled(racers);
    const won = [a, b].find((r) => r?.status === 'fulfilled') as PromiseFulfilledResult<{
      commit: { events: unknown[] };
    }>;
    expect([a, b].filter((r) => r?.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([
      expect.any(ConcurrencyError),
    ]);
    const winner = (won.value.commit.events[0] as { racer: string }).racer;
    expect(await waitingOn('t3')).toEqual([winner]);
  });

  it('are as the winner left them, whichever way the race went: 48 races of four kinds', async () => {
    // At each version Ann is in turn. Two commands race: she plays to Bob (or Cy), or Cy calls her out
    // (null: Ann stays in turn). Whoever wins, the lists must be the winner's, down to the head.
    const kinds: [string | null, string | null][] = [
      ['bob', null],
      ['bob', 'cy'],
      [null, 'cy'],
      ['bob', 'bob'],
    ];
    for (let round = 0; round < 48; round++) {
      const gameId = `race-${round}`;
      await store.streams.append(gameId, 0, [{ type: 'Started' }], moveMeta(1, null, 'ann'));
      const [a, b] = kinds[round % kinds.length] as [string | null, string | null];
      const command = (to: string | null, i: number) =>
        store.streams.append(gameId, 1, [{ to }], {
          idempotencyKey: `r${round}-${i}`,
          commandHash: 'h',
          at: new Date('2024-07-01T10:02:00.000Z'),
          ...(to ? { turn: { from: 'ann', to, head: { ...headAt(2, to), racer: i } } } : {}),
        });
      const results = await Promise.allSettled([command(a, 0), command(b, 1)]);
      const won = results.findIndex((r) => r.status === 'fulfilled');
      const awaited = (won === 0 ? a : b) ?? 'ann';
      const where = `round ${round}: ${a} against ${b}, ${won} won`;
      expect(await waitingOn(gameId), where).toEqual([awaited]);
      const [entry] = (await store.playerGames.list(awaited, { myTurn: true })).games.filter(
        (g) => g.gameId === gameId,
      );
      expect(entry?.head.racer ?? null, where).toBe(awaited === 'ann' ? null : won);
    }
  });

  it('are mended by the winner when a loser’s write got to an entry first', async () => {
    const dynamo = new Dynamo(client, tableName);
    await store.streams.append('t11', 0, [{ type: 'Started' }], moveMeta(1, null, 'ann'));
    // A loser's write for version 2 lands before the winner's.
    const loser = { ...headAt(2, 'bob'), racer: 'loser' };
    await writeEntry(dynamo, 't11', { playerId: 'bob', waiting: true }, { version: 2, at: 'x', head: loser });
    const winner = { ...headAt(2, 'bob'), racer: 'winner' };
    await store.streams.append('t11', 1, [{ type: 'Played' }], {
      ...moveMeta(2, 'ann', 'bob'),
      turn: { from: 'ann', to: 'bob', head: winner },
    });
    const [entry] = (await store.playerGames.list('bob', { myTurn: true })).games.filter((g) => g.gameId === 't11');
    expect(entry).toMatchObject({ since: '2024-07-01T10:02:00.000Z', head: { racer: 'winner' } });
  });

  it('are put back by a loser as the winner left them: its player in turn again, as they were', async () => {
    await store.streams.append('t12', 0, [{ type: 'Started' }], moveMeta(1, null, 'ann'));
    // The winner at version 2 leaves Ann in turn (a call-out): it writes no entry.
    await store.streams.append('t12', 1, [{ type: 'CalledOut' }], { idempotencyKey: 'win' });
    // The loser moved the turn to Bob: its commit fails, its entries land, and it puts them back.
    await expect(store.streams.append('t12', 1, [{ type: 'Played' }], moveMeta(2, 'ann', 'bob'))).rejects.toThrow(
      ConcurrencyError,
    );
    expect(await waitingOn('t12')).toEqual(['ann']);
    const [ann] = (await store.playerGames.list('ann', { myTurn: true })).games.filter((g) => g.gameId === 't12');
    expect(ann).toMatchObject({ since: '2024-07-01T10:01:00.000Z', head: { version: 1 } });
    expect(await entry('bob', 't12')).toEqual({ v: 2, waiting: false });
  });

  it('fail as ProjectionLagError, with the commit recorded; restoreTurns repairs them', async () => {
    await store.streams.append('t4', 0, [{ type: 'Started' }], moveMeta(1, null, 'ann'));
    failing.turns = true;
    const error = await store.streams
      .append('t4', 1, [{ type: 'Played' }], moveMeta(2, 'ann', 'bob'))
      .catch((e: unknown) => e);
    failing.turns = false;
    expect(error).toBeInstanceOf(ProjectionLagError);
    expect(error).toMatchObject({ streamId: 't4', commit: { version: 2, turn: { from: 'ann', to: 'bob' } } });
    expect(await waitingOn('t4')).toEqual(['ann']);

    // The retry is a replay; its caller repairs the entries from the recorded commit.
    const retry = await store.streams.append('t4', 1, [{ type: 'Played' }], moveMeta(2, 'ann', 'bob'));
    expect(retry.replayed).toBe(true);
    expect(await store.turns.restore(retry.commit, headAt(2, 'bob'))).toBe(true);
    expect(await waitingOn('t4')).toEqual(['bob']);
    // Repeating the repair changes nothing; a commit that changed no turn has nothing to restore.
    expect(await store.turns.restore(retry.commit, headAt(2, 'bob'))).toBe(true);
    const plain = await store.streams.append('t4', 2, [{ type: 'Announced' }]);
    expect(await store.turns.restore(plain.commit, headAt(3, 'bob'))).toBe(false);
  });

  it('only land over older versions: a late write never undoes a newer one, not even a repair', async () => {
    const dynamo = new Dynamo(client, tableName);
    await store.streams.append('t5', 0, [{ type: 'Started' }], moveMeta(1, null, 'ann'));
    await store.streams.append('t5', 1, [{ type: 'Played' }], moveMeta(2, 'ann', 'bob'));
    await store.streams.append('t5', 2, [{ type: 'Played' }], moveMeta(3, 'bob', 'cy'));
    // Version 2's writes arrive again, late (a lost request's): as an append would, and as a repair.
    const late = {
      version: 2,
      at: '2024-07-01T10:02:00.000Z',
      change: { from: 'ann', to: 'bob' },
      head: headAt(2, 'bob'),
    };
    expect(await writeTurns(dynamo, 't5', late)).toBe(false);
    expect(await writeTurns(dynamo, 't5', { ...late, repair: true })).toBe(false);
    expect(await waitingOn('t5')).toEqual(['cy']);
    expect(await entry('bob', 't5')).toEqual({ v: 3, waiting: false });
  });

  it('list a player’s games in the order they have waited, and page through them', async () => {
    const order = ['t9', 't7', 't8', 't6'];
    for (const [i, gameId] of order.entries()) {
      await store.streams.append(gameId, 0, [{ type: 'Started' }], {
        ...moveMeta(1, null, 'dee'),
        at: new Date(Date.UTC(2024, 7, 1, i)),
      });
    }
    const { result, cost } = await store.measure(() => store.playerGames.list('dee', { myTurn: true }));
    expect(result.games.map((g) => g.gameId)).toEqual(order);
    expect(cost).toMatchObject({ requests: 1, byOperation: { Query: { requests: 1 } } });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.playerGames.list('dee', { myTurn: true, limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.games.map((g) => g.gameId));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(order);
  });

  it('are refused, before anything is written, with a player id the store could not key', async () => {
    const bad = { ...moveMeta(1, null, 'ann'), turn: { from: '', to: 'ann', head: headAt(1, 'ann') } };
    await expect(store.streams.append('t10', 0, [{ type: 'Started' }], bad)).rejects.toThrow(/turn.from/);
    expect(await store.streams.readLatest('t10')).toBeNull();
  });
});
