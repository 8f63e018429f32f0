import { randomUUID } from 'node:crypto';
import { createDynamoClient, ensureTable, EventStore } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

/** A test app whose store fails the writes of the game's awaiting item while `failing.awaiting` is set. */
async function flakyApi() {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `api-recovery-${randomUUID()}`;
  await ensureTable(client, tableName);
  const failing = { awaiting: false };
  client.middlewareStack.add(
    (next) => async (args) => {
      const sk = (args.input as { Item?: { sk?: { N?: string } } }).Item?.sk?.N;
      if (failing.awaiting && sk === '-1000') {
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), { name: 'ThrottlingException', $metadata: {} });
      }
      return next(args);
    },
    { step: 'initialize', name: 'failAwaiting' },
  );
  const store = new EventStore({ client, tableName });
  return { ...(await testApi(inject('dynamoEndpoint'), { store })), store, failing };
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
    expect((await store.listPlayerGames(mover.id, { myTurn: true })).games.map((g) => g.gameId)).toEqual([gameId]);

    const retry = await api.move(mover.token, gameId, view.legalMoves[0], view.version, key);
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(view.version + 1);
    expect((await api.move(mover.token, gameId, view.legalMoves[0], view.version, key)).text).toBe(retry.text);
    // Usually the other seat's turn now; the server may also have drawn and passed for them.
    const turn: number | null = retry.body.game.status === 'playing' ? retry.body.game.hand.turn : null;
    expect(turn).not.toBeNull();
    for (const [seat, player] of players.entries()) {
      const mine = (await store.listPlayerGames(player.id, { myTurn: true })).games.map((g) => g.gameId);
      expect(mine, `seat ${seat}`).toEqual(seat === turn ? [gameId] : []);
    }
  });
});
