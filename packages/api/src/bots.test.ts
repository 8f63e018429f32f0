import { describe, expect, inject, it } from 'vitest';
import { newKey, testApi } from './testing';

const seatsOf = (game: { seats: { player: { name: string } | null; bot: string | null; left: boolean }[] }) =>
  game.seats.map(({ player, bot, left }) => ({ player: player?.name ?? null, bot, left }));

describe('bot seats', () => {
  it('creates a game with bots in the seats asked for; every view shows them; the last joiner starts it', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob] = [await api.register('Ann'), await api.register('Bob')];
    const created = await api.createGame(ann.token, {
      seats: 4,
      rules: { set: 6, botLevel: 'random' },
      bots: [{ seat: 3, level: 'greedy' }, {}],
    });
    expect(created.status).toBe(201);
    expect(created.body.events.map((e: { type: string }) => e.type)).toEqual([
      'GameCreated',
      'SeatTaken',
      'BotSeated',
      'BotSeated',
    ]);
    const { game } = created.body;
    expect(game.inviteCode).toMatch(/^[0-9A-Z]{10}$/);
    expect(seatsOf(game)).toEqual([
      { player: 'Ann', bot: null, left: false },
      { player: null, bot: 'random', left: false },
      { player: null, bot: null, left: false },
      { player: null, bot: 'greedy', left: false },
    ]);
    const joined = await api.join(bob.token, game.id, game.inviteCode);
    expect(joined.status).toBe(200);
    expect(joined.body.game).toMatchObject({ status: 'playing', yourSeat: 2, inviteCode: null });
    for (const token of [ann.token, bob.token]) {
      const view = await api.view(token, game.id);
      expect(seatsOf(view.body).map((s) => s.bot)).toEqual([null, 'random', null, 'greedy']);
      const list = await api.call('GET', '/v1/me/games', { token });
      expect(list.body.games[0]).toMatchObject({ id: game.id, bots: [null, 'random', null, 'greedy'] });
    }
  });

  it('a game of one player and bots starts at its creation, and the reply holds the bots’ moves up to their turn', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const created = await api.createGame(ann.token, { seats: 4, rules: { set: 6 }, bots: [{}, {}, {}] });
    expect(created.status).toBe(201);
    const { game } = created.body;
    expect(game.status).toBe('playing');
    expect(game.hand.turn).toBe(0);
    expect(game.legalMoves.length).toBeGreaterThan(0);
    const commits = await store.streams.readAll(game.id);
    // The creation, then one commit per bot move, each recorded by the bot under a derived key.
    expect(created.body.version).toBe(commits.length);
    expect(created.headers.get('etag')).toBe(`"${commits.length}"`);
    for (const commit of commits.slice(1)) {
      expect(commit.by).toBe('bot');
      expect(commit.idempotencyKey).toMatch(new RegExp(`^bot:[123]:${commit.version - 1}$`));
    }
    // The reply's events are every commit's, in order, as Ann may see them: the same a catch-up shows.
    const caughtUp = await api.events(ann.token, game.id);
    expect(created.body.events).toEqual(caughtUp.body.commits.flatMap((c: { events: unknown[] }) => c.events));
  });

  it('the creator seats a bot in a waiting game; nobody else may; a stale version is a 412', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const [ann, bob, eve] = [await api.register('Ann'), await api.register('Bob'), await api.register('Eve')];
    const created = await api.createGame(ann.token, { seats: 3, rules: { set: 6 } });
    const { id, inviteCode } = created.body.game;
    const joined = await api.join(bob.token, id, inviteCode);
    expect((await api.addBot(bob.token, id, {}, joined.body.version)).body.code).toBe('rules/not-creator');
    expect((await api.addBot(eve.token, id, {}, joined.body.version)).status).toBe(404);
    expect((await api.addBot(ann.token, id, {}, joined.body.version - 1)).status).toBe(412);
    expect((await api.addBot(ann.token, id, { seat: 1 }, joined.body.version)).body.code).toBe('rules/seat-taken');
    expect((await api.addBot(ann.token, id, { level: 'genius' }, joined.body.version)).status).toBe(400);
    const key = newKey();
    const seated = await api.addBot(ann.token, id, { level: 'random' }, joined.body.version, key);
    expect(seated.status).toBe(200);
    expect(seated.body.events.slice(0, 2)).toEqual([
      { type: 'BotSeated', seat: 2, level: 'random' },
      { type: 'GameStarted' },
    ]);
    expect(seated.body.game.status).toBe('playing');
    // A retry answers as the first time did, byte for byte.
    const retry = await api.addBot(ann.token, id, { level: 'random' }, joined.body.version, key);
    expect(retry.text).toBe(seated.text);
    expect((await api.addBot(ann.token, id, {}, seated.body.version)).body.code).toBe('rules/game-full');
  });

  it('refuses bots that cannot be seated at creation', async () => {
    const { api } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const tooMany = await api.createGame(ann.token, { seats: 2, bots: [{}, {}] });
    expect([tooMany.status, tooMany.body.code]).toEqual([422, 'rules/game-full']);
    const creators = await api.createGame(ann.token, { seats: 3, bots: [{ seat: 0 }] });
    expect(creators.body.code).toBe('rules/seat-taken');
    const none = await api.createGame(ann.token, { seats: 3, bots: [{ seat: 5 }] });
    expect(none.body.code).toBe('rules/unknown-seat');
    expect((await api.createGame(ann.token, { seats: 3, bots: [{ level: 'genius' }] })).status).toBe(400);
  });
});
