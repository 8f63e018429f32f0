import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

const ids = (res: { body: { games: { id: string }[] } }) => res.body.games.map((g) => g.id);

describe('the lobby: open games', () => {
  it('lists open waiting games newest first with their rules, free seats and age, and never an invite-only one', async () => {
    let now = Date.UTC(2026, 11, 1, 12);
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: () => now });
    const ann = await api.register('Ann');
    const first = await api.createGame(ann.token, { seats: 3, rules: { set: 6 }, open: true });
    now += 60_000;
    const second = await api.createGame(ann.token, { seats: 2, open: true, bots: [] });
    await api.createGame(ann.token, { seats: 2 });
    now += 30_000;
    expect(first.body.game).toMatchObject({ open: true, creator: 0, rematchOf: null });

    const lobby = await api.call('GET', '/v1/lobby', { token: ann.token });
    expect(lobby.status).toBe(200);
    expect(ids(lobby)).toEqual([second.body.game.id, first.body.game.id]);
    expect(lobby.body.games[1]).toMatchObject({
      seats: 3,
      freeSeats: 2,
      players: ['Ann', null, null],
      rules: { set: 6, handSize: 7 },
      ageSeconds: 90,
    });
    const paged = await api.call('GET', '/v1/lobby?limit=1', { token: ann.token });
    const next = await api.call('GET', `/v1/lobby?limit=1&cursor=${paged.body.cursor}`, { token: ann.token });
    expect([...ids(paged), ...ids(next)]).toEqual(ids(lobby));
    expect((await api.call('GET', '/v1/lobby?cursor=bm9wZQ', { token: ann.token })).body.code).toBe('request/invalid');
  });

  it('lets anyone join an open game without a code; an invite-only game without one answers as a game that does not exist', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const open = await api.createGame(ann.token, { seats: 3, open: true });
    const closed = await api.createGame(ann.token, { seats: 2 });
    const join = (id: string) =>
      api.call('POST', `/v1/games/${id}/join`, {
        token: bob.token,
        body: {},
        headers: { 'idempotency-key': newKey() },
      });
    const joined = await join(open.body.game.id);
    expect(joined.status).toBe(200);
    expect(joined.body.game.yourSeat).toBe(1);
    const refused = await join(closed.body.game.id);
    const nowhere = await join('g_QQQQQQQQQQQQQQQQQQQQQQ');
    expect(refused.status).toBe(404);
    expect(refused.text.replace(/g_[\w-]{22}|"requestId":"[^"]+"/g, '')).toBe(
      nowhere.text.replace(/g_[\w-]{22}|"requestId":"[^"]+"/g, ''),
    );
    const lobby = await api.call('GET', '/v1/lobby', { token: bob.token });
    expect(lobby.body.games[0]).toMatchObject({ id: open.body.game.id, freeSeats: 1, players: ['Ann', 'Bob', null] });
  });

  it('a game that fills leaves the lobby, and so does a cancelled one, which stays in its players’ lists as cancelled', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const full = await api.createGame(ann.token, { seats: 2, open: true });
    const cancelled = await api.createGame(ann.token, { seats: 3, open: true });
    const filled = await api.call('POST', `/v1/games/${full.body.game.id}/join`, {
      token: bob.token,
      body: {},
      headers: { 'idempotency-key': newKey() },
    });
    const joined = await api.join(bob.token, cancelled.body.game.id, cancelled.body.game.inviteCode);
    const cancel = (token: string, version: number, key = newKey()) =>
      api.call('POST', `/v1/games/${cancelled.body.game.id}/cancel`, {
        token,
        headers: { 'if-match': `"${version}"`, 'idempotency-key': key },
      });
    expect((await cancel(bob.token, joined.body.version)).body.code).toBe('rules/not-creator');
    const key = newKey();
    const done = await cancel(ann.token, joined.body.version, key);
    expect(done.status).toBe(200);
    expect(done.body.events).toEqual([{ type: 'GameCancelled', reason: 'creator' }]);
    expect(done.body.game).toMatchObject({ status: 'cancelled', inviteCode: null, legalMoves: [] });
    expect((await cancel(ann.token, joined.body.version, key)).text).toBe(done.text);

    expect(ids(await api.call('GET', '/v1/lobby', { token: ann.token }))).toEqual([]);
    // It stays in its players' lists, marked cancelled, so that those who joined learn of it.
    for (const who of [ann, bob]) {
      const mine = await api.call('GET', '/v1/me/games', { token: who.token });
      expect(ids(mine).sort(), JSON.stringify(mine.body)).toEqual([full.body.game.id, cancelled.body.game.id].sort());
      const entry = mine.body.games.find((g: { id: string }) => g.id === cancelled.body.game.id);
      expect(entry.status).toBe('cancelled');
    }
    // Those seated in it may still read it; it cannot be played, joined or cancelled again.
    expect((await api.view(bob.token, cancelled.body.game.id)).body.status).toBe('cancelled');
    expect((await cancel(ann.token, done.body.version)).body.code).toBe('rules/game-cancelled');
    const started = await api.call('POST', `/v1/games/${full.body.game.id}/cancel`, {
      token: ann.token,
      headers: { 'if-match': `"${filled.body.version}"`, 'idempotency-key': newKey() },
    });
    expect(started.body.code).toBe('rules/game-started');
  });
});

describe('quick match', () => {
  const quick = (api: Awaited<ReturnType<typeof testApi>>['api'], token: string, body: unknown, key = newKey()) =>
    api.call('POST', '/v1/lobby/quick-match', { token, body, headers: { 'idempotency-key': key } });

  it('creates an open game when none has the rules, then the next asker with the same rules joins the oldest', async () => {
    let now = Date.UTC(2026, 11, 1);
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: () => (now += 1000) });
    const [ann, bob, cat, dan] = [
      await api.register('Ann'),
      await api.register('Bob'),
      await api.register('Cat'),
      await api.register('Dan'),
    ];
    const want = { seats: 2, rules: { set: 6 } };
    const a = await quick(api, ann.token, want);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ created: true, game: { open: true, status: 'waiting', yourSeat: 0 } });
    const b = await quick(api, bob.token, { seats: 3, rules: { set: 6 } });
    expect(b.body.created).toBe(true);
    // Ann again: her own game is all there is, so she gets it back, not a second one.
    const again = await quick(api, ann.token, want);
    expect(again.body).toMatchObject({ created: false, game: { id: a.body.game.id } });

    const c = await quick(api, cat.token, { ...want, rules: { set: 6, doubleBlank: 50 } });
    expect(c.body).toMatchObject({ created: false, game: { id: a.body.game.id, status: 'playing', yourSeat: 1 } });
    const d = await quick(api, dan.token, want);
    expect(d.body.created).toBe(true);
    expect(d.body.game.id).not.toBe(a.body.game.id);
  });

  it('a retry with the same key goes to the same game, even once the lobby has changed', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob, cat] = [await api.register('Ann'), await api.register('Bob'), await api.register('Cat')];
    const want = { seats: 3, rules: { set: 6 } };
    const first = await quick(api, ann.token, want);
    const key = newKey();
    const joined = await quick(api, bob.token, want, key);
    expect(joined.body.game.id).toBe(first.body.game.id);
    await quick(api, cat.token, want);
    const retry = await quick(api, bob.token, want, key);
    expect(retry.text).toBe(joined.text);
    // The game filled and left the lobby: another asker gets a new one.
    expect((await quick(api, ann.token, { seats: 3, rules: { set: 6 } })).body.created).toBe(true);
  });

  it('two at once with the same key make one seat, not two', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const want = { seats: 4, rules: { set: 9 } };
    await quick(api, ann.token, want);
    await quick(api, ann.token, { seats: 4, rules: { set: 9, spokes: 4 } });
    const key = newKey();
    const both = await Promise.all([quick(api, bob.token, want, key), quick(api, bob.token, want, key)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]?.body.game.id).toBe(both[1]?.body.game.id);
    const mine = await api.call('GET', '/v1/me/games', { token: bob.token });
    expect(mine.body.games).toHaveLength(1);
  });

  it('refuses rules that cannot make a game', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const res = await quick(api, ann.token, { seats: 6, rules: { set: 6 } });
    expect([res.status, res.body.code]).toEqual([422, 'rules/invalid-ruleset']);
  });
});
