import { describe, expect, inject, it } from 'vitest';
import { testApi } from './testing';

describe('GET /v1/me/games', () => {
  it('lists the games waiting for my move, and all my games', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const first = await api.startGame(2, { set: 6 });
    const [ann, bob] = first.tokens as [string, string];
    const second = await api.createGame(ann, { seats: 3 });
    const mine = (token: string) => api.call('GET', '/v1/me/games?turn=mine', { token });
    const all = await api.call('GET', '/v1/me/games', { token: ann });
    expect(all.body.games.map((g: { id: string }) => g.id).sort()).toEqual([first.gameId, second.body.game.id].sort());

    const { body: view } = await api.view(ann, first.gameId);
    const inTurn = view.hand.turn === 0 ? ann : bob;
    const waiting = inTurn === ann ? bob : ann;
    // The lists come from an index that may trail a moment behind a move (on AWS); dynalite is immediate.
    expect((await mine(inTurn)).body.games).toEqual([
      expect.objectContaining({ id: first.gameId, yourTurn: true, status: 'playing', version: view.version }),
    ]);
    expect((await mine(waiting)).body.games).toEqual([]);

    const { body: turnView } = await api.view(inTurn, first.gameId);
    const move = turnView.legalMoves.find((m: { type: string }) => m.type === 'play');
    const res = await api.move(inTurn, first.gameId, move, turnView.version);
    if (res.body.game.hand.turn !== turnView.yourSeat) {
      expect((await mine(inTurn)).body.games).toEqual([]);
      expect((await mine(waiting)).body.games.map((g: { id: string }) => g.id)).toEqual([first.gameId]);
    }
    // The full list marks the games waiting on me, with their newest version.
    const everything = async (token: string) => (await api.call('GET', '/v1/me/games', { token })).body.games;
    const turnNow = res.body.game.hand.turn === 0 ? ann : bob;
    expect(await everything(turnNow)).toContainEqual(
      expect.objectContaining({ id: first.gameId, yourTurn: true, version: res.body.version }),
    );
    expect(await everything(turnNow === ann ? bob : ann)).toContainEqual(
      expect.objectContaining({ id: first.gameId, yourTurn: false }),
    );
    expect(await everything(ann)).toContainEqual(
      expect.objectContaining({ id: second.body.game.id, yourTurn: false, status: 'waiting' }),
    );
  });

  it('orders the games waiting on me by how long they have waited', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const bob = await api.register(`Bob ${i}`);
      const created = await api.createGame(bob.token, { seats: 2, rules: { set: 6 } });
      const joined = await api.join(ann.token, created.body.game.id, created.body.game.inviteCode);
      // Play until the game waits on Ann, so each game starts waiting on her one after the other.
      let game = joined.body.game;
      while (game.hand.turn !== 1) {
        const view = (await api.view(bob.token, game.id)).body;
        game = (await api.move(bob.token, game.id, view.legalMoves[0], view.version)).body.game;
      }
      ids.push(game.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { body } = await api.call('GET', '/v1/me/games?turn=mine&limit=2', { token: ann.token });
    expect(body.games.map((g: { id: string }) => g.id)).toEqual(ids.slice(0, 2));
    const next = await api.call('GET', `/v1/me/games?turn=mine&cursor=${body.cursor}`, { token: ann.token });
    expect(next.body.games.map((g: { id: string }) => g.id)).toEqual(ids.slice(2));
  });

  it('refuses a cursor it did not make and page sizes out of range', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    expect((await api.call('GET', '/v1/me/games?cursor=nonsense', { token: ann.token })).status).toBe(400);
    // Well-formed cursors the database refuses: the answer names the field, not the database's wording.
    for (const pairs of [
      [['sk', 'abc']],
      [['x', 'y']],
      [],
      [
        ['gpk', 'player#p_other'],
        ['gsk', '1'],
      ],
    ]) {
      const cursor = Buffer.from(JSON.stringify(pairs)).toString('base64url');
      const res = await api.call('GET', `/v1/me/games?cursor=${cursor}`, { token: ann.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'request/invalid', issues: [{ path: 'query.cursor' }] });
      expect(res.text).not.toMatch(/DynamoDB|ValidationException|starting key/);
    }
    expect((await api.call('GET', '/v1/me/games?limit=1000', { token: ann.token })).status).toBe(400);
    expect((await api.call('GET', '/v1/me/games?turn=yours', { token: ann.token })).status).toBe(400);
  });
});
