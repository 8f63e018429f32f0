import { describe, expect, inject, it } from 'vitest';
import { createDynamoClient, openStore, type Store } from '@chickenfoot/store';
import { fromSnapshot, tokenFor } from '@chickenfoot/app';
import { newKey, TEST_SECRET, testApi } from './testing';

const change = (version: number | string, key = newKey()) => ({
  'if-match': typeof version === 'number' ? `"${version}"` : version,
  'idempotency-key': key,
});

describe('your account: rename', () => {
  it('renames at the account’s version; a stale If-Match is refused and changes nothing; new games show the new name', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const me = await api.call('GET', '/v1/me', { token: ann.token });
    expect(me.headers.get('etag')).toBe('"1"');
    const key = newKey();
    const renamed = await api.call('PATCH', '/v1/me', {
      token: ann.token,
      body: { name: ' Annie ' },
      headers: change(1, key),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ player: { id: ann.id, name: 'Annie' } });
    expect(renamed.headers.get('etag')).toBe('"2"');
    // A retry answers as the first did; the same key for another name is refused.
    const retry = await api.call('PATCH', '/v1/me', {
      token: ann.token,
      body: { name: 'Annie' },
      headers: change(1, key),
    });
    expect([retry.status, retry.body.player.name]).toEqual([200, 'Annie']);
    const reused = await api.call('PATCH', '/v1/me', {
      token: ann.token,
      body: { name: 'Zed' },
      headers: change(1, key),
    });
    expect([reused.status, reused.body.code]).toEqual([422, 'request/idempotency-key-reused']);

    const stale = await api.call('PATCH', '/v1/me', { token: ann.token, body: { name: 'Zed' }, headers: change(1) });
    expect([stale.status, stale.body.code, stale.body.currentVersion]).toEqual([412, 'request/version-mismatch', 2]);
    expect((await api.call('GET', '/v1/me', { token: ann.token })).body.player.name).toBe('Annie');

    const game = await api.createGame(ann.token, { seats: 2 });
    expect(game.body.game.seats[0].player.name).toBe('Annie');
  });

  it.each([
    ['an empty name', { name: '  ' }, change(1), 400, 'request/invalid'],
    ['a name with a text-direction override', { name: '\u202Eeno' }, change(1), 400, 'request/invalid'],
    ['a name with a Hangul filler (renders blank)', { name: '\u3164' }, change(1), 400, 'request/invalid'],
    ['a name with a soft hyphen (format)', { name: 'An\u00ADn' }, change(1), 400, 'request/invalid'],
    ['a name with tag characters', { name: 'Ann\u{E0041}' }, change(1), 400, 'request/invalid'],
    ['a name with a paragraph separator', { name: 'Ann\u2029Lee' }, change(1), 400, 'request/invalid'],
    ['a name that shows nothing (a combining mark)', { name: '\u0301' }, change(1), 400, 'request/invalid'],
    ['the name “You”', { name: 'you' }, change(1), 400, 'request/invalid'],
    ['the name “You” in fullwidth letters', { name: 'Ｙｏｕ' }, change(1), 400, 'request/invalid'],
    ['extra fields', { name: 'A', admin: true }, change(1), 400, 'request/invalid'],
    ['no If-Match', { name: 'A' }, { 'idempotency-key': newKey() }, 428, 'request/if-match-required'],
    ['a malformed If-Match', { name: 'A' }, change('"one"'), 400, 'request/invalid'],
    ['no Idempotency-Key', { name: 'A' }, { 'if-match': '"1"' }, 400, 'request/idempotency-key-required'],
  ])('refuses %s with problem+json and changes nothing', async (what, body, headers, status, code) => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const res = await api.call('PATCH', '/v1/me', { token: ann.token, body, headers });
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // A refused name is said on the name.
    if (what.includes('name')) expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['body.name']);
    const me = await api.call('GET', '/v1/me', { token: ann.token });
    expect([me.body.player.name, me.headers.get('etag')]).toEqual(['Ann', '"1"']);
  });
});

describe('your account: tokens', () => {
  it('lists, issues (a retry gives the same token) and revokes tokens; a revoked one is refused at once here', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const listed = await api.call('GET', '/v1/me/tokens', { token: ann.token });
    expect(listed.body.tokens).toEqual([{ id: ann.token.split('.')[2], createdAt: expect.any(String), current: true }]);

    const key = newKey();
    const issued = await api.call('POST', '/v1/me/tokens', { token: ann.token, headers: { 'idempotency-key': key } });
    expect(issued.status).toBe(201);
    expect(issued.body.token).toMatch(/^cf2\.p_[\w-]{22}\.[\w-]{11}\.[\w-]{43}$/);
    const again = await api.call('POST', '/v1/me/tokens', { token: ann.token, headers: { 'idempotency-key': key } });
    expect(again.body.token).toBe(issued.body.token);
    const second = issued.body.token as string;
    expect((await api.call('GET', '/v1/me', { token: second })).body.player.id).toBe(ann.id);
    const both = await api.call('GET', '/v1/me/tokens', { token: second });
    expect(both.body.tokens.map((t: { current: boolean }) => t.current)).toEqual([false, true]);

    const revoked = await api.call('DELETE', `/v1/me/tokens/${issued.body.id}`, {
      token: ann.token,
      headers: change(both.headers.get('etag')!),
    });
    expect(revoked.status).toBe(204);
    const refused = await api.call('GET', '/v1/me', { token: second });
    expect([refused.status, refused.body.code]).toEqual([401, 'auth/unauthenticated']);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await api.call('GET', '/v1/me', { token: ann.token })).status).toBe(200);

    const missing = await api.call('DELETE', `/v1/me/tokens/${issued.body.id}`, {
      token: ann.token,
      headers: change(revoked.headers.get('etag')!),
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'player/token-not-found']);
    const malformed = await api.call('DELETE', '/v1/me/tokens/..%2Fme', { token: ann.token, headers: change(3) });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'request/invalid']);
  });

  it('signs out everywhere else: every other token is refused, the one sent with stays', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const issue = () =>
      api.call('POST', '/v1/me/tokens', { token: ann.token, headers: { 'idempotency-key': newKey() } });
    const others = [(await issue()).body.token, (await issue()).body.token] as string[];
    const me = await api.call('GET', '/v1/me', { token: others[0] });
    const out = await api.call('DELETE', '/v1/me/tokens', {
      token: others[0],
      headers: change(me.headers.get('etag')!),
    });
    expect(out.status).toBe(204);
    expect((await api.call('GET', '/v1/me', { token: others[0] })).status).toBe(200);
    for (const token of [ann.token, others[1]!])
      expect((await api.call('GET', '/v1/me', { token })).body.code).toBe('auth/unauthenticated');
    const left = await api.call('GET', '/v1/me/tokens', { token: others[0] });
    expect(left.body.tokens).toEqual([expect.objectContaining({ current: true })]);
  });

  it('keeps at most 20 tokens open', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    for (let i = 1; i < 20; i++) {
      const res = await api.call('POST', '/v1/me/tokens', {
        token: ann.token,
        headers: { 'idempotency-key': newKey() },
      });
      expect(res.status).toBe(201);
    }
    const over = await api.call('POST', '/v1/me/tokens', {
      token: ann.token,
      headers: { 'idempotency-key': newKey() },
    });
    expect([over.status, over.body.code]).toEqual([422, 'player/too-many-tokens']);
    expect((await api.call('GET', '/v1/me/tokens', { token: ann.token })).body.tokens).toHaveLength(20);
  });

  it('a legacy (cf1) token of an account from before sessions is open, listed as "legacy", and revocable', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    // An account as registrations wrote it before sessions: the record is its id and name.
    const id = 'p_LegacyLegacyLegacyLeg1';
    await store.streams.append(id, 0, [{ type: 'PlayerRegistered', name: 'Old' }], {
      idempotencyKey: newKey(),
      commandHash: 'legacy',
      snapshot: { id, name: 'Old' },
      by: id,
    });
    const legacy = tokenFor(TEST_SECRET, id);
    expect(legacy).toMatch(/^cf1\./);
    const tokens = await api.call('GET', '/v1/me/tokens', { token: legacy });
    expect(tokens.body.tokens).toEqual([{ id: 'legacy', createdAt: null, current: true }]);
    const fresh = await api.call('POST', '/v1/me/tokens', { token: legacy, headers: { 'idempotency-key': newKey() } });
    const revoked = await api.call('DELETE', '/v1/me/tokens/legacy', {
      token: fresh.body.token,
      headers: change(fresh.headers.get('etag')!),
    });
    expect(revoked.status).toBe(204);
    expect((await api.call('GET', '/v1/me', { token: legacy })).status).toBe(401);
    expect((await api.call('GET', '/v1/me', { token: fresh.body.token })).status).toBe(200);
  });

  it('another server refuses a revoked token within the 15 s it trusts what it read, reading the account once per 15 s', async () => {
    let now = Date.UTC(2026, 11, 1, 12);
    const clock = () => now;
    const first = await testApi(inject('dynamoEndpoint'), { clock });
    // Another server: its own store client on the same table.
    const endpoint = inject('dynamoEndpoint');
    const store = openStore({ client: createDynamoClient({ endpoint }), tableName: first.store.tableName });
    const other = await testApi(endpoint, { clock, store });
    const ann = await first.api.register('Ann');
    const spare = await first.api.call('POST', '/v1/me/tokens', {
      token: ann.token,
      headers: { 'idempotency-key': newKey() },
    });
    // Count the other server's reads of Ann's account (strongly consistent Queries of her stream).
    let reads = 0;
    const readLatest = other.store.streams.readLatest.bind(other.store.streams);
    other.store.streams.readLatest = (id, ...rest) => {
      if (id === ann.id) reads++;
      return readLatest(id, ...rest);
    };
    for (let i = 0; i < 10; i++)
      expect((await other.api.call('GET', '/v1/lobby', { token: spare.body.token })).status).toBe(200);
    expect(reads).toBe(1);

    await first.api.call('DELETE', `/v1/me/tokens/${spare.body.id}`, {
      token: ann.token,
      headers: change(spare.headers.get('etag')!),
    });
    expect((await first.api.call('GET', '/v1/lobby', { token: spare.body.token })).status).toBe(401);
    now += 14_000;
    expect((await other.api.call('GET', '/v1/lobby', { token: spare.body.token })).status).toBe(200);
    now += 1_001;
    expect((await other.api.call('GET', '/v1/lobby', { token: spare.body.token })).status).toBe(401);
    expect(reads).toBe(2);
  });
});

describe('your account: deletion', () => {
  it('hands your seats to bots, cancels your waiting game, frees your seat in another’s, erases your name, refuses your tokens', async () => {
    const served = await testApi(inject('dynamoEndpoint'));
    const { api, store } = served;
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    // A game in play, one waiting of Ann's, one waiting of Bob's that Ann joined, one finished.
    const { gameId: playing } = await startWith(api, ann, bob);
    const mine = await api.createGame(ann.token, { seats: 2 });
    const bobs = await api.createGame(bob.token, { seats: 3 });
    await api.join(ann.token, bobs.body.game.id, bobs.body.game.inviteCode);
    const { gameId: finished } = await startWith(api, ann, bob);
    await finish(served, [ann.token, bob.token], finished);
    // Ann renames herself once: her old name is hers to have erased too.
    const renamed = await api.call('PATCH', '/v1/me', {
      token: ann.token,
      headers: change((await api.call('GET', '/v1/me', { token: ann.token })).headers.get('etag')!),
      body: { name: 'Ann Secret-Surname' },
    });
    expect(renamed.status).toBe(200);
    const games = [playing, mine.body.game.id, bobs.body.game.id, finished];
    for (const id of games) expect(await storedText(store, id)).toContain('"Ann"');

    const me = await api.call('GET', '/v1/me', { token: ann.token });
    const stale = await api.call('DELETE', '/v1/me', { token: ann.token, headers: change(9) });
    expect([stale.status, stale.body.code]).toEqual([412, 'request/version-mismatch']);
    const key = newKey();
    const deleted = await api.call('DELETE', '/v1/me', {
      token: ann.token,
      headers: change(me.headers.get('etag')!, key),
    });
    expect(deleted.status).toBe(204);
    const after = await api.call('GET', '/v1/me', { token: ann.token });
    expect([after.status, after.body.code]).toEqual([401, 'auth/unauthenticated']);

    const inPlay = (await api.view(bob.token, playing)).body;
    const annSeat = inPlay.seats.findIndex((s: { player: { id: string } | null }) => s.player?.id === ann.id);
    expect(inPlay.seats[annSeat]).toMatchObject({ player: { id: ann.id, name: '' }, left: true, bot: 'greedy' });
    expect(inPlay.status === 'playing' ? inPlay.hand.turn : 0).not.toBe(annSeat);
    expect((await api.view(bob.token, mine.body.game.id)).status).toBe(404);
    // Cancelled, then (like every game of hers) her name is erased from it.
    const cancelled = (await store.streams.readAll(mine.body.game.id)).slice(1).flatMap((c) => c.events);
    expect(cancelled).toEqual([
      { type: 'GameCancelled', reason: 'creator' },
      { type: 'PlayerErased', seat: 0 },
    ]);
    const theirs = (await api.view(bob.token, bobs.body.game.id)).body;
    expect(theirs.seats[1]).toMatchObject({ player: null });
    const done = (await api.view(bob.token, finished)).body;
    expect(done.status).toBe('finished');
    expect(JSON.stringify(done)).not.toContain('"Ann"');
    // Nothing Bob lists shows Ann's name any more.
    const lists = await api.call('GET', '/v1/me/games', { token: bob.token });
    expect(lists.status).toBe(200);
    expect(lists.text).not.toContain('"Ann"');
    // Her entries stay, name erased, for a deletion cut short to be finished by its retry (a cancelled game too).
    expect((await store.playerGames.list(ann.id)).games.map((g) => g.gameId).sort()).toEqual(
      [playing, finished, mine.body.game.id].sort(),
    );
    // Erased from what the store keeps: every game's events and snapshots, and her own stream.
    for (const id of [...games, ann.id]) {
      const text = await storedText(store, id);
      expect(text, id).not.toContain('"Ann"');
      expect(text, id).not.toContain('Secret-Surname');
    }
    // And so from every feed: the events a seated player catches up with, from the start.
    for (const id of [playing, finished]) {
      const feed = await api.call('GET', `/v1/games/${id}/events?after=0`, { token: bob.token });
      expect(feed.status).toBe(200);
      expect(feed.text).not.toContain('"Ann"');
    }
  }, 60_000);
});

async function startWith(api: Awaited<ReturnType<typeof testApi>>['api'], ...players: { token: string }[]) {
  const [creator, ...rest] = players;
  const created = await api.createGame(creator!.token, {
    seats: players.length,
    rules: { set: 6, botLevel: 'greedy' },
  });
  for (const p of rest) await api.join(p.token, created.body.game.id, created.body.game.inviteCode);
  return { gameId: created.body.game.id as string };
}

/** Both players leave; bots play the game out, a chain of commits at a time from due work. */
async function finish(
  { api, sweeper }: Pick<Awaited<ReturnType<typeof testApi>>, 'api' | 'sweeper'>,
  tokens: string[],
  gameId: string,
) {
  for (const token of tokens) {
    const view = await api.view(token, gameId);
    if (view.body.status === 'playing') await api.leave(token, gameId, view.body.version);
  }
  for (let i = 0; i < 100; i++) {
    if ((await api.view(tokens[0]!, gameId)).body.status === 'finished') return;
    await sweeper.sweep(Date.now());
  }
  throw new Error('the bots did not finish the game');
}

/** Every commit of a stream as text, its snapshot decoded: what the store keeps readable of it. */
async function storedText(store: Store, streamId: string): Promise<string> {
  const commits = await store.streams.readAll(streamId, { snapshots: true });
  return JSON.stringify(
    commits.map((c) => [c.events, c.snapshot instanceof Uint8Array ? fromSnapshot(c.snapshot) : c.snapshot]),
  );
}
