import { randomUUID } from 'node:crypto';
import { evolve, initialState, stackedDeck, type GameEvent } from '@chickenfoot/rules';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { createApp, type AppOptions } from './app';
import { newKey, stackedShuffle, TEST_SECRET, testApi, TestClient } from './testing';

/**
 * A test app whose store fails the writes of the players' turn entries ("my turn" lists) while
 * `failing.awaiting` is set, and loses the reply to a commit's write (which did land) while
 * `failing.commitReply` is.
 */
async function flakyApi(options: Partial<AppOptions> = {}) {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `api-recovery-${randomUUID()}`;
  await ensureTable(client, tableName);
  const failing = { awaiting: false, commitReply: false };
  client.middlewareStack.add(
    (next) => async (args) => {
      // A PutItem names its item; an UpdateItem (a turn entry's tombstone) or DeleteItem, its key.
      const input = args.input as {
        Item?: { pk?: { S?: string }; sk?: { N?: string } };
        Key?: { pk?: { S?: string } };
      };
      const item = input.Item ?? input.Key;
      const sk = Number(input.Item?.sk?.N);
      if (failing.awaiting && item?.pk?.S?.startsWith('turns#')) {
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ThrottlingException',
          $metadata: {},
        });
      }
      const output = await next(args);
      if (failing.commitReply && item?.pk?.S?.startsWith('game#') && sk > 0)
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return output;
    },
    { step: 'initialize', name: 'injectFaults' },
  );
  const store = openStore({ client, tableName });
  return { ...(await testApi(inject('dynamoEndpoint'), { store, ...options })), store, failing };
}

describe('a command recorded whose "my turn" item could not be written', () => {
  it('is answered 503 with Retry-After; its retry answers as the first would have, and repairs the lists', async () => {
    const { api, store, failing } = await flakyApi();
    const { gameId, players } = await api.startGame(2, { set: 6 });
    const { body: table } = await api.view(players[0]!.token, gameId);
    const mover = players[table.hand.turn]!;
    const { body: view } = await api.view(mover.token, gameId);
    const key = newKey();

    failing.awaiting = true;
    const first = await api.move(mover.token, gameId, view.legalMoves[0], view.version, key);
    failing.awaiting = false;
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.body.code).toBe('service/unavailable');
    expect((await store.playerGames.list(mover.id, { myTurn: true })).games.map((g) => g.gameId)).toEqual([gameId]);

    const retry = await api.move(mover.token, gameId, view.legalMoves[0], view.version, key);
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(view.version + 1);
    expect((await api.move(mover.token, gameId, view.legalMoves[0], view.version, key)).text).toBe(retry.text);
    // Usually the other seat's turn now; the server may also have drawn and passed for them.
    const turn: number | null = retry.body.game.status === 'playing' ? retry.body.game.hand.turn : null;
    expect(turn).not.toBeNull();
    for (const [seat, player] of players.entries()) {
      const mine = (await store.playerGames.list(player.id, { myTurn: true })).games.map((g) => g.gameId);
      expect(mine, `seat ${seat}`).toEqual(seat === turn ? [gameId] : []);
    }
  });
});

describe('a retry that deals a hand again', () => {
  // Double-6, two seats of two tiles, four spokes. Hand 0: seat 0 places 6-6 and keeps 6-1; seat 1
  // plays 6-5; seat 0 goes out with 6-1, which ends the hand and deals hand 1 (opener 5-5).
  const HAND_0 = stackedDeck(6, ['6-6', '6-1', '6-5', '0-0']);
  // The deal the move recorded, and the different one its retry shuffles: in both, seat 0 places
  // 5-5 and seat 1 holds 5-3, but seat 1's other tile differs.
  const RECORDED = stackedDeck(6, ['5-5', '4-0', '5-3', '2-2']);
  const RESHUFFLED = stackedDeck(6, ['5-5', '3-0', '5-3', '1-1']);

  it('never leaves its own deal in the state cache: a later move is decided on the recorded one', async () => {
    const rules = { set: 6, handSize: 2, spokes: 4, chickenlittle: 'off' };
    const a = await flakyApi({ shuffle: stackedShuffle(HAND_0, RECORDED, RESHUFFLED), cacheSize: 100 });
    // A second instance of the app on the same table (another Lambda container), which deals nothing.
    const other = createApp({ store: a.store, secret: TEST_SECRET, shuffle: stackedShuffle(), logger: () => {} });
    const b = new TestClient((request) => other.request(request));
    const { gameId, tokens } = await a.api.startGame(2, rules);
    const [ann, bob] = tokens as [string, string];
    let version = (await a.api.view(bob, gameId)).body.version;
    version = (await a.api.move(bob, gameId, { type: 'play', tile: '6-5', on: 0 }, version)).body.version;

    // Ann goes out. The commit lands but its reply is lost: 503. Her retry deals hand 1 again (the
    // reshuffled deck), finds her commit recorded, and cannot restore the awaiting item: 503 again.
    const key = newKey();
    a.failing.commitReply = true;
    expect((await a.api.move(ann, gameId, { type: 'play', tile: '6-1', on: 0 }, version, key)).status).toBe(503);
    a.failing.commitReply = false;
    a.failing.awaiting = true;
    expect((await a.api.move(ann, gameId, { type: 'play', tile: '6-1', on: 0 }, version, key)).status).toBe(503);
    a.failing.awaiting = false;

    // Bob learns of hand 1 from the other instance, and plays on the first one.
    const { body: view } = await b.view(bob, gameId);
    expect(view.yourTiles).toEqual(['5-3', '2-2']);
    expect((await a.api.move(bob, gameId, { type: 'play', tile: '5-3', on: 0 }, view.version)).status).toBe(200);
    // What the game says Bob holds is what its events dealt him: 2-2, never the reshuffled 1-1.
    const tiles = (await b.view(bob, gameId)).body.yourTiles;
    const folded = (await a.store.streamsOf<GameEvent>().readAll(gameId))
      .flatMap((c) => c.events)
      .reduce(evolve, initialState());
    expect(tiles).toContain('2-2');
    expect(tiles).toEqual(folded.hand?.hands[1]);
  });
});
