import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

describe('games', () => {
  it('creates a game with every rule filled in and the creator in seat 0', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const res = await api.createGame(ann.token, { seats: 4 });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/v1/games/${res.body.game.id}`);
    expect(res.body.game).toMatchObject({
      status: 'waiting',
      version: 1,
      yourSeat: 0,
      inviteCode: expect.stringMatching(/^[0-9A-Z]{10}$/),
      rules: {
        set: 9,
        handSize: 11,
        spokes: 6,
        drawnTile: 'may-play',
        doubleBlank: 50,
        opening: 'draw',
        chickenlittle: 'callout',
      },
    });
    expect(res.body.game.seats.map((s: { player: unknown }) => s.player)).toEqual([
      { id: ann.id, name: 'Ann' },
      null,
      null,
      null,
    ]);
  });

  it('refuses rules that cannot make a game (422) and malformed ones (400)', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const tooMany = await api.createGame(ann.token, { seats: 6, rules: { set: 6 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({
      code: 'rules/invalid-ruleset',
      detail: expect.stringMatching(/double-6 game seats 2 to 5/),
    });
    const handSize = await api.createGame(ann.token, { seats: 4, rules: { set: 6, handSize: 7 } });
    expect(handSize.body.code).toBe('rules/invalid-ruleset');
    for (const body of [
      { seats: 9 },
      { seats: 2, rules: { set: 7 } },
      { seats: 2, rules: { colour: 'red' } },
      { seats: '2' },
    ]) {
      const res = await api.createGame(ann.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('a creation retried with its Idempotency-Key returns the same game', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const key = newKey();
    const first = await api.createGame(ann.token, { seats: 2 }, key);
    const retry = await api.createGame(ann.token, { seats: 2 }, key);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    const other = await api.createGame(ann.token, { seats: 3 }, key);
    expect(other.body.code).toBe('request/idempotency-key-reused');
  });

  it('starts when the last seat is taken: the deal happens and each seat sees only its own tiles', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(3, { set: 6 });
    const views = await Promise.all(tokens.map((token) => api.view(token, gameId)));
    for (const [seat, { body }] of views.entries()) {
      expect(body.status).toBe('playing');
      expect(body.yourSeat).toBe(seat);
      expect(body.inviteCode).toBeNull();
      const others = views.flatMap((v, s) => (s === seat ? [] : v.body.yourTiles));
      // A tile is digits-digits on its own: ids (base64url) may hold "3-0" inside them.
      const shown = JSON.stringify(body).match(/(?<![\w-])\d{1,2}-\d{1,2}(?![\w-])/g) ?? [];
      for (const tile of others) expect(shown).not.toContain(tile);
    }
    expect(views.map((v) => v.body.seats.map((s: { tileCount: number }) => s.tileCount))).toEqual(
      Array(3).fill(views[0]!.body.seats.map((s: { tileCount: number }) => s.tileCount)),
    );
  });

  it('joining: a wrong invite code is a 404; joining twice answers with the game; a full game refuses', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob, cid] = [await api.register('Ann'), await api.register('Bob'), await api.register('Cid')];
    const created = await api.createGame(ann.token, { seats: 2 });
    const { id, inviteCode } = created.body.game;
    const wrong = await api.join(bob.token, id, 'WRONGCODE0');
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe('game/not-found');
    expect(wrong.body.detail).toBe(
      `The invite code does not match game ${id}: check both, as they were shared with you.`,
    );
    // A game that does not exist is answered in the same words: the reply tells a stranger nothing.
    const ghost = 'g_AAAAAAAAAAAAAAAAAAAAAA';
    const none = await api.join(bob.token, ghost, 'ZZZZZZZZZZ');
    expect([none.status, none.body.detail]).toEqual([404, wrong.body.detail.replace(id, ghost)]);
    expect((await api.join(bob.token, id, inviteCode.toLowerCase())).status).toBe(200);
    const again = await api.join(bob.token, id, inviteCode);
    expect(again.status).toBe(200);
    expect(again.body.events).toEqual([]);
    expect(again.body.game.yourSeat).toBe(1);
    const full = await api.join(cid.token, id, inviteCode);
    expect(full.status).toBe(422);
    expect(full.body.code).toBe('rules/game-full');
  });

  it('a join retried with its Idempotency-Key returns the join’s reply byte for byte, even once the game has moved on', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const created = await api.createGame(ann.token, { seats: 2, rules: { set: 6 } });
    const { id, inviteCode } = created.body.game;
    const key = newKey();
    const first = await api.join(bob.token, id, inviteCode, key);
    expect(first.body.events.map((e: { type: string }) => e.type)).toContain('SeatTaken');
    const retry = await api.join(bob.token, id, inviteCode, key);
    expect([retry.status, retry.headers.get('etag'), retry.text]).toEqual([200, first.headers.get('etag'), first.text]);
    const view = await api.view(ann.token, id);
    const mover = view.body.hand.turn === 0 ? ann : bob;
    const { body: mine } = await api.view(mover.token, id);
    expect((await api.move(mover.token, id, mine.legalMoves[0], mine.version)).status).toBe(200);
    expect((await api.join(bob.token, id, inviteCode, key)).text).toBe(first.text);
    expect((await store.streams.readAll(id)).length).toBe(3);
  });

  it('GET: a strong ETag per version, 304 for If-None-Match, 404 for strangers and unknown games', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2);
    const first = await api.view(tokens[0] as string, gameId);
    expect(first.headers.get('etag')).toBe(`"${first.body.version}"`);
    const same = await api.call('GET', `/v1/games/${gameId}`, {
      token: tokens[0],
      headers: { 'if-none-match': `"${first.body.version}"` },
    });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    const older = await api.call('GET', `/v1/games/${gameId}`, {
      token: tokens[0],
      headers: { 'if-none-match': '"1"' },
    });
    expect(older.status).toBe(200);

    const eve = await api.register('Eve');
    expect((await api.view(eve.token, gameId)).status).toBe(404);
    expect((await api.view(eve.token, 'g_AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await api.view(eve.token, 'not-a-game')).status).toBe(400);
  });
});
