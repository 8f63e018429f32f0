import { randomUUID } from 'node:crypto';
import { evolve, initialState, seededRandom, type GameEvent } from '@chickenfoot/rules';
import {
  createDynamoClient,
  ensureTable,
  EventStreams,
  openStore,
  type AppendMeta,
  type Store,
} from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { createApp } from './app';
import { newKey, TEST_SECRET, testApi, TestClient } from './testing';

/** Streams whose server "dies" at a bot's commit: before writing it, or just after (the answer lost). */
class DyingStreams extends EventStreams {
  /** How many more bot commits go through before the death. */
  dieAfter = Infinity;
  when: 'before' | 'after' = 'after';

  override async append(gameId: string, expectedVersion: number, events: readonly unknown[], meta: AppendMeta = {}) {
    if (meta.by !== 'bot') return super.append(gameId, expectedVersion, events, meta);
    if (this.dieAfter <= 0 && this.when === 'before') throw new Error('the server died before the commit');
    const result = await super.append(gameId, expectedVersion, events, meta);
    if (this.dieAfter-- <= 0) throw new Error('the server died after the commit');
    return result;
  }
}

// Every app here draws the same deals (TEST_SEED) and its bots the same numbers at the same version
// and seat, whatever the game's id: two apps play the same game. Ann's budget of bot thinking is
// unbounded here: what is tested is how the chain goes, not what a player may spend on it.
const bots = {
  random: (_: string, version: number, seat: number) => seededRandom(version * 31 + seat),
  perPlayer: { burstMs: 1e9, perSecondMs: 1e9 },
};

async function app(store?: Store) {
  return testApi(inject('dynamoEndpoint'), { bots, ...(store ? { store } : {}) });
}

async function dyingApp() {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `api-dying-${randomUUID()}`;
  await ensureTable(client, tableName);
  const dying = new DyingStreams({ client, tableName });
  const store: Store = { ...openStore({ client, tableName }), streams: dying };
  return { ...(await app(store)), dying };
}

/** Ann and three bots, double-6; Ann's first move (the first of her legal ones) sets off a chain of bot moves. */
async function annAndBots(api: Awaited<ReturnType<typeof app>>['api']) {
  const ann = await api.register('Ann');
  const created = await api.createGame(ann.token, { seats: 4, rules: { set: 6 }, bots: [{}, {}, {}] });
  const game = created.body.game;
  return { ann, gameId: game.id as string, version: game.version as number, move: game.legalMoves[0] };
}

const eventsOf = async (store: Store, gameId: string) =>
  (await store.streamsOf<GameEvent>().readAll(gameId))
    .map((c) => ({ version: c.version, by: c.by === 'bot' ? 'bot' : 'player', events: c.events }))
    // Player ids differ between the two apps; the game does not.
    .map((c) => JSON.stringify(c).replaceAll(/p_[A-Za-z0-9_-]+/g, 'p_'));

describe('a chain of bot moves', () => {
  it.each(['after', 'before'] as const)(
    'cut short by a death %s a bot’s commit, is carried on by due work, with no gap and no duplicate',
    async (when) => {
      const reference = await app();
      const whole = await annAndBots(reference.api);
      const first = await reference.api.move(whole.ann.token, whole.gameId, whole.move, whole.version);
      expect(first.body.game.hand.turn).toBe(0);
      const chain = first.body.version - whole.version - 1;
      expect(chain).toBeGreaterThanOrEqual(3);

      const { api, store, dying, logs, sweeper } = await dyingApp();
      const game = await annAndBots(api);
      dying.when = when;
      dying.dieAfter = 1;
      const key = newKey();
      const cut = await api.move(game.ann.token, game.gameId, game.move, game.version, key);
      dying.dieAfter = Infinity;
      // Ann's move was made: she is told so, with the one bot move made before the death.
      expect(cut.status).toBe(200);
      expect(cut.body.version).toBe(game.version + 2);
      expect(logs.some((l) => l.msg === 'bot chain stopped')).toBe(true);
      expect((await store.streamsOf<GameEvent>().readAll(game.gameId)).length).toBe(
        game.version + (when === 'after' ? 3 : 2),
      );

      // Due work (the sweep) carries the chain on: the game stands where the uninterrupted one did,
      // commit for commit.
      expect((await sweeper.sweep(Date.now())).effects.finished).toBe(1);
      const next = await api.view(game.ann.token, game.gameId);
      expect(next.body.version).toBe(first.body.version);
      expect(next.body.hand.turn).toBe(0);
      expect(await eventsOf(store, game.gameId)).toEqual(await eventsOf(reference.store, whole.gameId));
      const keys = (await store.streamsOf<GameEvent>().readAll(game.gameId)).map((c) => c.idempotencyKey);
      expect(new Set(keys).size).toBe(keys.length);

      // Ann's retry answers as the uninterrupted first reply did: her move and the whole chain.
      const retry = await api.move(game.ann.token, game.gameId, game.move, game.version, key);
      expect(retry.body.version).toBe(first.body.version);
      expect(retry.body.events).toEqual(first.body.events);
      expect(retry.body.game.yourTiles).toEqual(first.body.game.yourTiles);
    },
  );

  it('a retry of a move answers with the first reply byte for byte, bot moves included', async () => {
    const { api } = await app();
    const game = await annAndBots(api);
    const key = newKey();
    const first = await api.move(game.ann.token, game.gameId, game.move, game.version, key);
    expect(first.body.version).toBeGreaterThan(game.version + 1);
    const retry = await api.move(game.ann.token, game.gameId, game.move, game.version, key);
    expect([retry.status, retry.headers.get('etag'), retry.text]).toEqual([200, first.headers.get('etag'), first.text]);
  });

  it('is bounded per call by time: with no time to spare, each request makes one bot move', async () => {
    const { api, store } = await testApi(inject('dynamoEndpoint'), { bots: { ...bots, maxMs: 0 } });
    const game = await annAndBots(api);
    const moved = await api.move(game.ann.token, game.gameId, game.move, game.version);
    expect(moved.body.version).toBe(game.version + 2);
    // The same game as above: its chain after Ann's move is three bot moves or more.
    const versions: number[] = [];
    for (let i = 0; i < 2; i++) versions.push((await api.view(game.ann.token, game.gameId)).body.version);
    expect(versions).toEqual([game.version + 3, game.version + 4]);
    expect((await store.streamsOf<GameEvent>().readAll(game.gameId)).at(-1)?.version).toBe(game.version + 4);
  });
});

describe('two servers settling one game at once', () => {
  it('make each bot move once: every commit follows the one before, under its own derived key', async () => {
    const { api, store } = await app();
    // A second server on the same table, with bots that decide alike.
    const other = createApp({ store, secret: TEST_SECRET, logger: () => {}, bots });
    const second = new TestClient((request) => other.request(request));
    const ann = await api.register('Ann');
    const created = await api.createGame(ann.token, { seats: 3, rules: { set: 6 }, bots: [{}, { level: 'random' }] });
    const { id } = created.body.game;
    await api.leave(ann.token, id, created.body.game.version);
    for (let round = 0; round < 100; round++) {
      const views = await Promise.all([api, second, api, second].map((client) => client.view(ann.token, id)));
      if (views.some((v) => v.body.status === 'finished')) break;
    }
    const commits = await store.streamsOf<GameEvent>().readAll(id);
    expect(commits.map((c) => c.version)).toEqual(commits.map((_, i) => i + 1));
    expect(commits.at(-1)?.events.at(-1)).toMatchObject({ type: 'GameEnded' });
    // All but Ann's two (the creation, her leaving) are the bots'.
    expect(commits.filter((c) => c.by !== 'bot').length).toBe(2);
    for (const commit of commits.filter((c) => c.by === 'bot')) {
      expect(commit.idempotencyKey).toMatch(new RegExp(`^bot:[012]:${commit.version - 1}$`));
    }
    // The commits fold into the finished game both servers show.
    const folded = commits.flatMap((c) => c.events).reduce(evolve, initialState());
    const shown = (await second.view(ann.token, id)).body;
    expect(shown).toMatchObject({ status: 'finished', version: commits.length, totals: folded.totals });
  }, 60_000);
});

describe('a game of four bots, through the HTTP app', () => {
  it('a player creates a game with three bots and leaves: due work plays it to its end; a look at it makes 2 bot moves at most', async () => {
    const { api, store, sweeper } = await testApi(inject('dynamoEndpoint'));
    const ann = await api.register('Ann');
    const started = performance.now();
    const created = await api.createGame(ann.token, { seats: 4, bots: [{}, { level: 'random' }, {}] });
    const { id } = created.body.game;
    const left = await api.leave(ann.token, id, created.body.version);
    expect(left.body.game.seats.map((s: { bot: string }) => s.bot)).toEqual(['greedy', 'greedy', 'random', 'greedy']);
    // The leave's own chain stops at its bound (64 commits): nobody waits on these bots.
    expect(left.body.version - created.body.version).toBeLessThanOrEqual(65);
    const look = await api.view(ann.token, id);
    expect(look.body.version - left.body.version).toBeLessThanOrEqual(2);
    let sweeps = 0;
    let version = look.body.version;
    for (let status = look.body.status; status !== 'finished'; sweeps++) {
      if (sweeps > 50) throw new Error('due work does not finish the game');
      const report = await sweeper.sweep(Date.now());
      const now = (await store.streamsOf<GameEvent>().readLatest(id, { snapshot: false }))!.version;
      expect(report.effects.carried ?? report.effects.finished).toBeGreaterThan(0);
      // A sweep's bound: 64 commits a call, and a few passes.
      expect(now - version).toBeLessThanOrEqual(64 * 3);
      expect(now).toBeGreaterThan(version);
      version = now;
      status = (await api.view(ann.token, id)).body.status;
    }
    const ms = performance.now() - started;
    const commits = await store.streamsOf<GameEvent>().readAll(id);
    expect(commits.at(-1)?.events.at(-1)).toMatchObject({ type: 'GameEnded' });
    expect(commits.filter((c) => c.by === 'bot').length).toBe(commits.length - 2);
    const final = await api.view(ann.token, id);
    expect(final.body).toMatchObject({ status: 'finished', version: commits.length });
    expect(final.body.handScores).toHaveLength(10);
    expect((await store.playerGames.list(ann.id, { myTurn: true })).games).toEqual([]);
    // Finished: the game is out of the due index.
    expect((await sweeper.sweep(Date.now())).due).toBe(0);
    console.log(
      `four bots, double-9: ${commits.length} commits, ${sweeps} sweeps, ${Math.round(ms)} ms (${(ms / commits.length).toFixed(1)} ms a commit)`,
    );
  }, 60_000);

  it('a player whose budget of bot thinking is spent sets no bot moving; due work carries the chain on', async () => {
    const spent = { ...bots, perPlayer: { burstMs: 0, perSecondMs: 0 } };
    const { api, sweeper } = await testApi(inject('dynamoEndpoint'), { bots: spent });
    const ann = await api.register('Ann');
    const created = await api.createGame(ann.token, { seats: 3, rules: { set: 6 }, bots: [{}, {}] });
    const { id } = created.body.game;
    // Ann's turn first, or the bots' (then her creation made none of their moves).
    const looked = await api.view(ann.token, id);
    expect(looked.body.version).toBe(created.body.version);
    if (looked.body.hand.turn !== 0) {
      await sweeper.sweep(Date.now());
      expect((await api.view(ann.token, id)).body.hand.turn).toBe(0);
    }
    const mine = (await api.view(ann.token, id)).body;
    const moved = await api.move(ann.token, id, mine.legalMoves[0], mine.version);
    expect(moved.body.version).toBe(mine.version + 1);
    expect(moved.body.game.hand.turn).not.toBe(0);
    const report = await sweeper.sweep(Date.now());
    expect(report.effects.finished).toBe(1);
    expect((await api.view(ann.token, id)).body.hand.turn).toBe(0);
  });
});
