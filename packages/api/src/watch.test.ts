import { evolve, initialState, type GameEvent } from '@chickenfoot/rules';
import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

const TILE = /\b\d{1,2}-\d{1,2}\b/g;

describe('watching a game', () => {
  it('a seated player makes a watch link; its holder sees the board and public events, no tile of any seat, no code', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    const { gameId, tokens } = await api.startGame(3, { set: 6 });
    const key = newKey();
    const create = (token: string, k = key) =>
      api.call('POST', `/v1/games/${gameId}/watch-links`, { token, headers: { 'idempotency-key': k } });
    const link = await create(tokens[1]!);
    expect(link.status).toBe(201);
    expect(link.body).toEqual({
      id: expect.stringMatching(/^[\w-]{11}$/),
      seat: 1,
      createdAt: expect.any(String),
      token: expect.stringMatching(/^cw1\./),
    });
    expect((await create(tokens[1]!)).body.token).toBe(link.body.token);
    const watch = link.body.token as string;

    const seen = await api.call('GET', '/v1/watch', { token: watch });
    expect(seen.status).toBe(200);
    const own = await api.view(tokens[0]!, gameId);
    expect(seen.body).toMatchObject({
      id: gameId,
      version: own.body.version,
      status: 'playing',
      totals: own.body.totals,
    });
    expect(seen.body.hand.board).toEqual(own.body.hand.board);
    for (const key of ['yourSeat', 'yourTiles', 'inviteCode', 'legalMoves', 'drawnTile'])
      expect(seen.body).not.toHaveProperty(key);
    // The only tiles a watcher is shown are on the table (and the opener); no seat's hand.
    const hands = (await store.streamsOf<GameEvent>().readAll(gameId))
      .flatMap((c) => c.events)
      .reduce(evolve, initialState());
    if (!hands.hand) throw new Error('not dealt');
    const hidden = new Set([...hands.hand.hands.flat(), ...hands.hand.boneyard]);
    const table = new Set([...seen.body.hand.board.map((p: { tile: string }) => p.tile), seen.body.hand.opener]);
    for (const tile of seen.text.match(TILE) ?? []) if (hidden.has(tile)) expect(table).toContain(tile);
    const events = await api.call('GET', '/v1/watch/events?after=0', { token: watch });
    expect(events.status).toBe(200);
    expect(events.body.version).toBe(own.body.version);
    const dealt = events.body.commits
      .flatMap((c: { events: { type: string }[] }) => c.events)
      .find((e: { type: string }) => e.type === 'HandDealt');
    expect(JSON.stringify(dealt).match(TILE) ?? []).toEqual(expect.not.arrayContaining([...hands.hand.hands[0]!]));

    // A watch token opens nothing else; a player's token does not open the watch routes.
    expect((await api.view(watch, gameId)).status).toBe(401);
    expect((await api.call('GET', '/v1/me', { token: watch })).status).toBe(401);
    expect((await api.call('GET', '/v1/watch', { token: tokens[0] })).status).toBe(401);
    expect((await api.call('GET', '/v1/watch')).status).toBe(401);

    const list = await api.call('GET', `/v1/games/${gameId}/watch-links`, { token: tokens[2] });
    expect(list.body.links).toEqual([{ id: link.body.id, seat: 1, createdAt: link.body.createdAt }]);
    // Any seated player revokes it; its token is refused from then on; a retry of its creation does not bring it back.
    const revoked = await api.call('DELETE', `/v1/games/${gameId}/watch-links/${link.body.id}`, { token: tokens[2] });
    expect(revoked.status).toBe(204);
    const after = await api.call('GET', '/v1/watch', { token: watch });
    expect([after.status, after.body.code]).toEqual([401, 'auth/unauthenticated']);
    const again = await create(tokens[1]!);
    expect([again.status, again.body.code]).toEqual([404, 'game/watch-link-not-found']);
    const twice = await api.call('DELETE', `/v1/games/${gameId}/watch-links/${link.body.id}`, { token: tokens[2] });
    expect([twice.status, twice.body.code]).toEqual([404, 'game/watch-link-not-found']);
  });

  it('a waiting game’s watcher gets no invite code; strangers cannot make or list links; at most 10 open', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, eve] = [await api.register('Ann'), await api.register('Eve')];
    const created = await api.createGame(ann.token, { seats: 3 });
    const gameId = created.body.game.id as string;
    const make = (token: string) =>
      api.call('POST', `/v1/games/${gameId}/watch-links`, { token, headers: { 'idempotency-key': newKey() } });
    const link = await make(ann.token);
    const seen = await api.call('GET', '/v1/watch', { token: link.body.token });
    expect(seen.body.status).toBe('waiting');
    expect(seen.text).not.toContain(created.body.game.inviteCode);
    for (const res of [
      await make(eve.token),
      await api.call('GET', `/v1/games/${gameId}/watch-links`, { token: eve.token }),
    ])
      expect([res.status, res.body.code]).toEqual([404, 'game/not-found']);
    for (let i = 1; i < 10; i++) expect((await make(ann.token)).status).toBe(201);
    const over = await make(ann.token);
    expect([over.status, over.body.code]).toEqual([422, 'game/too-many-watch-links']);
    // A forged watch token (the right shape, another secret's signature) is refused.
    const forged = `${link.body.token.slice(0, -4)}AAAA`;
    expect((await api.call('GET', '/v1/watch', { token: forged })).status).toBe(401);
  });
});

describe('watch links and their maker (issue 28, finding 6)', () => {
  async function linked(options: Parameters<typeof testApi>[1] = {}) {
    const harness = await testApi(inject('dynamoEndpoint'), options);
    const { gameId, tokens } = await harness.api.startGame(3, { set: 6 });
    const make = async (token: string) => {
      const res = await harness.api.call('POST', `/v1/games/${gameId}/watch-links`, {
        token,
        headers: { 'idempotency-key': newKey() },
      });
      expect(res.status).toBe(201);
      return res.body as { id: string; token: string };
    };
    return { ...harness, gameId, tokens, make };
  }

  it('a player who left revokes only the links they made; the others stay open', async () => {
    const { api, gameId, tokens, make } = await linked();
    const [mine, theirs] = [await make(tokens[1]!), await make(tokens[2]!)];
    const view = await api.view(tokens[1]!, gameId);
    expect((await api.leave(tokens[1]!, gameId, view.body.version)).status).toBe(200);
    const refused = await api.call('DELETE', `/v1/games/${gameId}/watch-links/${theirs.id}`, { token: tokens[1] });
    expect([refused.status, refused.body.code]).toEqual([403, 'game/left']);
    expect((await api.call('GET', '/v1/watch', { token: theirs.token })).status).toBe(200);
    const own = await api.call('DELETE', `/v1/games/${gameId}/watch-links/${mine.id}`, { token: tokens[1] });
    expect(own.status).toBe(204);
    expect((await api.call('GET', '/v1/watch', { token: mine.token })).status).toBe(401);
  });

  it('a watcher’s long-poll ends with 401 as soon as its link is revoked', async () => {
    const { api, gameId, tokens, make } = await linked();
    const link = await make(tokens[0]!);
    const version = (await api.view(tokens[0]!, gameId)).body.version;
    const started = Date.now();
    const waiting = api.call('GET', `/v1/watch/events?after=${version}&wait=20`, { token: link.token });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await api.call('DELETE', `/v1/games/${gameId}/watch-links/${link.id}`, { token: tokens[2] })).status).toBe(
      204,
    );
    const ended = await waiting;
    expect([ended.status, ended.body.code]).toEqual([401, 'auth/unauthenticated']);
    // Well before the 20 s it asked for (a poll interval or so: a wide margin for a busy machine).
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('a link’s requests count toward its maker’s own budget: two links do not double it', async () => {
    // A clock that stands still: no budget refills during the test.
    const { api, gameId, tokens, make } = await linked({ clock: () => Date.parse('2026-12-04T12:00:00Z') });
    const links = [await make(tokens[0]!), await make(tokens[0]!)];
    const me = await api.call('GET', '/v1/me', { token: tokens[0] });
    const left = Number(/;r=(\d+);/.exec(me.headers.get('ratelimit') ?? '')?.[1]);
    expect(left).toBeGreaterThan(2);
    const statuses: number[] = [];
    for (let i = 0; i < left + 4; i++)
      statuses.push((await api.call('GET', '/v1/watch', { token: links[i % 2]!.token })).status);
    // Each link alone has a whole budget; together they had what their maker had left, then 429.
    expect(statuses).toEqual([...Array(left).fill(200), 429, 429, 429, 429]);
    expect((await api.call('GET', '/v1/me', { token: tokens[0] })).status).toBe(429);
    expect(gameId).toMatch(/^g_/);
  });
});
