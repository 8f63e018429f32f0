import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

const TILE = /\b\d{1,2}-\d{1,2}\b/;

describe('messages at the table', () => {
  it('seated players post without If-Match, in between moves, and every seat reads them in order; nothing but seat, time and text', async () => {
    let now = Date.UTC(2026, 11, 1, 12);
    const { api, store } = await testApi(inject('dynamoEndpoint'), { clock: () => now });
    const { gameId, tokens } = await api.startGame(3, { set: 6 });
    const post = (token: string, text: string, key = newKey()) =>
      api.call('POST', `/v1/games/${gameId}/messages`, { token, body: { text }, headers: { 'idempotency-key': key } });
    const before = await api.view(tokens[0]!, gameId);

    const key = newKey();
    const hi = await post(tokens[0]!, '  Hello, table!\nGood luck  ', key);
    expect(hi.status).toBe(201);
    expect(hi.body).toEqual({ seq: 1, seat: 0, at: '2026-12-01T12:00:00.000Z', text: 'Hello, table!\nGood luck' });
    expect((await post(tokens[0]!, 'Hello, table!\nGood luck', key)).text).toBe(hi.text);
    const reused = await post(tokens[0]!, 'something else', key);
    expect([reused.status, reused.body.code]).toEqual([422, 'request/idempotency-key-reused']);
    now += 1000;
    // A move at the version decided on before the messages still lands: messages are no commits of the game.
    const turn: number = before.body.hand.turn;
    const view = await api.view(tokens[turn]!, gameId);
    expect(view.body.version).toBe(before.body.version);
    await post(tokens[1]!, 'hi!');
    const moved = await api.move(tokens[turn]!, gameId, view.body.legalMoves[0], view.body.version);
    expect(moved.status).toBe(200);
    await post(tokens[2]!, 'gl hf');

    for (const token of tokens) {
      const page = await api.call('GET', `/v1/games/${gameId}/messages`, { token });
      expect(page.status).toBe(200);
      expect(page.body.messages.map((m: { seat: number; text: string }) => [m.seat, m.text])).toEqual([
        [0, 'Hello, table!\nGood luck'],
        [1, 'hi!'],
        [2, 'gl hf'],
      ]);
      expect(page.body).toMatchObject({ next: null, seq: 3, muted: false });
      // The metadata of a message is its seq, seat and time: never a tile, a hand or the game's version.
      for (const m of page.body.messages) {
        expect(Object.keys(m).sort()).toEqual(['at', 'seat', 'seq', 'text']);
        expect(JSON.stringify({ ...m, text: '' })).not.toMatch(TILE);
      }
    }
    const resumed = await api.call('GET', `/v1/games/${gameId}/messages?after=2&limit=1`, { token: tokens[1] });
    expect(resumed.body).toMatchObject({ messages: [{ seq: 3, text: 'gl hf' }], seq: 3 });
    const paged = await api.call('GET', `/v1/games/${gameId}/messages?after=0&limit=2`, { token: tokens[1] });
    expect([paged.body.messages.length, paged.body.next, paged.body.seq]).toEqual([2, 2, 2]);
    // The game's own commits hold no message.
    const commits = await store.streams.readAll(gameId);
    expect(JSON.stringify(commits)).not.toContain('gl hf');
    expect((await api.events(tokens[0]!, gameId)).text).not.toContain('gl hf');
  });

  it('is rate-limited per player and game (5 at once, then one every 5 s), with Retry-After', async () => {
    let now = Date.UTC(2026, 11, 1, 12);
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: () => now });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const post = (token: string) =>
      api.call('POST', `/v1/games/${gameId}/messages`, {
        token,
        body: { text: 'spam' },
        headers: { 'idempotency-key': newKey() },
      });
    for (let i = 0; i < 5; i++) expect((await post(tokens[0]!)).status).toBe(201);
    const over = await post(tokens[0]!);
    expect([over.status, over.body.code, over.headers.get('retry-after')]).toEqual([
      429,
      'request/too-many-requests',
      '5',
    ]);
    // The other player's budget is their own.
    expect((await post(tokens[1]!)).status).toBe(201);
    now += 5_000;
    expect((await post(tokens[0]!)).status).toBe(201);
    expect((await post(tokens[0]!)).status).toBe(429);
    const page = await api.call('GET', `/v1/games/${gameId}/messages`, { token: tokens[1] });
    expect(page.body.messages).toHaveLength(7);
  });

  it('answers a retried post as the first time without spending a message of the limit', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'), { clock: () => Date.UTC(2026, 11, 1, 12) });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const post = (key: string) =>
      api.call('POST', `/v1/games/${gameId}/messages`, {
        token: tokens[0],
        body: { text: 'hello' },
        headers: { 'idempotency-key': key },
      });
    const key = newKey();
    const first = await post(key);
    // A client unsure its post arrived sends it again, and again: the same message, marked replayed.
    for (let i = 0; i < 6; i++) {
      const again = await post(key);
      expect([again.status, again.body.seq, again.headers.get('idempotent-replayed')]).toEqual([
        201,
        first.body.seq,
        'true',
      ]);
    }
    // The burst of 5 is still whole but for the first post: four more messages, then the limit.
    for (let i = 0; i < 4; i++) expect((await post(newKey())).status).toBe(201);
    expect((await post(newKey())).status).toBe(429);
  });

  it('a player mutes a game’s messages for themselves: the others still read them; unmuting shows them again', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    await api.call('POST', `/v1/games/${gameId}/messages`, {
      token: tokens[0],
      body: { text: 'Hello' },
      headers: { 'idempotency-key': newKey() },
    });
    const mute = (muted: unknown) =>
      api.call('PUT', `/v1/games/${gameId}/messages/mute`, { token: tokens[1], body: { muted } });
    expect((await mute(true)).body).toEqual({ muted: true });
    expect((await mute(true)).status).toBe(200);
    const muted = await api.call('GET', `/v1/games/${gameId}/messages`, { token: tokens[1] });
    expect(muted.body).toEqual({ messages: [], next: null, nextCursor: null, seq: 1, muted: true });
    const other = await api.call('GET', `/v1/games/${gameId}/messages`, { token: tokens[0] });
    expect(other.body.messages).toHaveLength(1);
    expect((await mute('yes')).status).toBe(400);
    await mute(false);
    expect((await api.call('GET', `/v1/games/${gameId}/messages`, { token: tokens[1] })).body.messages).toHaveLength(1);
  });

  it('refuses strangers (as no game), a player who left (403), and texts that are empty, too long or spoof', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(3, { set: 6 });
    const eve = await api.register('Eve');
    const post = (token: string, body: unknown) =>
      api.call('POST', `/v1/games/${gameId}/messages`, { token, body, headers: { 'idempotency-key': newKey() } });
    for (const res of [
      await post(eve.token, { text: 'hi' }),
      await api.call('GET', `/v1/games/${gameId}/messages`, { token: eve.token }),
      await api.call('PUT', `/v1/games/${gameId}/messages/mute`, { token: eve.token, body: { muted: true } }),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'game/not-found']);
    for (const body of [
      { text: '   ' },
      { text: 'x'.repeat(281) },
      { text: 'bell\u0007' },
      { text: '\u202Eevil' },
      { text: 'hi', seat: 2 },
      { text: 42 },
      {},
    ]) {
      const res = await post(tokens[0]!, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'request/invalid']);
    }
    expect((await post(tokens[0]!, { text: 'x'.repeat(280) })).status).toBe(201);
    const noKey = await api.call('POST', `/v1/games/${gameId}/messages`, { token: tokens[0], body: { text: 'hi' } });
    expect(noKey.body.code).toBe('request/idempotency-key-required');

    const view = await api.view(tokens[2]!, gameId);
    await api.leave(tokens[2]!, gameId, view.body.version);
    const left = await post(tokens[2]!, { text: 'bye' });
    expect([left.status, left.body.code]).toEqual([403, 'game/left']);
    const read = await api.call('GET', `/v1/games/${gameId}/messages`, { token: tokens[2] });
    expect(read.body.messages).toHaveLength(1);
  });

  it('a long-poll (wait) answers as soon as a message is posted, and empty once its wait is over', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const [ann, bob] = tokens as [string, string];
    const read = (token: string, query: string) => api.call('GET', `/v1/games/${gameId}/messages?${query}`, { token });
    const waiting = read(bob, 'after=0&wait=10');
    const started = Date.now();
    // Bob's wait is open (the app polls its message stream); Ann speaks a moment later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const said = await api.call('POST', `/v1/games/${gameId}/messages`, {
      token: ann,
      body: { text: 'your move!' },
      headers: { 'idempotency-key': newKey() },
    });
    const posted = Date.now();
    const page = await waiting;
    const late = Date.now() - posted;
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ messages: [said.body], seq: 1, next: null, muted: false });
    // Well before the 10 s wait: within a poll interval or two of the post (250 ms each).
    expect(late).toBeLessThan(2_000);
    expect(posted - started).toBeGreaterThanOrEqual(300);
    // Nothing new after seq 1: the wait runs out, and the page is empty, resuming where it was.
    const t0 = Date.now();
    const empty = await read(bob, 'after=1&wait=1');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(empty.body).toMatchObject({ messages: [], seq: 1, next: null });
    // A message already there answers at once, wait or not.
    expect((await read(ann, 'after=0&wait=10')).body.messages).toHaveLength(1);
  });

  it('a post wakes the waits on its table in the same process at once, whatever the poll interval', async () => {
    // Polls 5 s apart: only the post's own nudge can answer the wait within a second.
    const { api } = await testApi(inject('dynamoEndpoint'), { limits: { pollMs: 5_000 } });
    const { gameId, tokens } = await api.startGame(2, { set: 6 });
    const waiting = api.call('GET', `/v1/games/${gameId}/messages?after=0&wait=10`, { token: tokens[1] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await api.call('POST', `/v1/games/${gameId}/messages`, {
      token: tokens[0],
      body: { text: 'now' },
      headers: { 'idempotency-key': newKey() },
    });
    const posted = Date.now();
    expect((await waiting).body.messages.map((m: { text: string }) => m.text)).toEqual(['now']);
    expect(Date.now() - posted).toBeLessThan(1_000);
  });
});
