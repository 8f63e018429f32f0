import { fisherYates, legalMoves, seededRandom, type Move } from '@chickenfoot/rules';
import { randomUUID } from 'node:crypto';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { describe, expect, inject, it } from 'vitest';
import { silentLogger } from '../logging';
import { createGameService } from './create-service';
import type { GameService } from './service';

// The game service with no HTTP in sight: a store, a clock, a shuffle. What bots and the turn
// sweeper will use.
async function service(now = Date.parse('2026-12-01T09:00:00.000Z')) {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `service-${randomUUID()}`;
  await ensureTable(client, tableName);
  const store = openStore({ client, tableName });
  const clock = { now };
  const games = createGameService({
    store,
    clock: () => clock.now,
    shuffle: fisherYates(seededRandom(5)),
    logger: silentLogger,
  });
  return { games, store, clock };
}

const ann = { id: 'p_ann', name: 'Ann' };
const bob = { id: 'p_bob', name: 'Bob' };

/** A two-seat game of Ann and a bot (seat 1), played on by Ann until it is the bot's turn. */
async function withBot(games: GameService) {
  const annActor = { kind: 'player', playerId: ann.id } as const;
  let done = await games.execute(
    'g_bot',
    annActor,
    { type: 'create', seats: 2, rules: { set: 6 }, player: ann, bots: [{}] },
    { expectedVersion: 0, key: 'create-key-0002' },
  );
  for (let i = 0; done.state.hand?.turn !== 1; i++) {
    const move = legalMoves(done.state, 0).find((m) => m.type === 'play' || m.type === 'pass') as Move;
    done = await games.execute(
      'g_bot',
      annActor,
      { type: 'move', move },
      { expectedVersion: done.version, key: `ann-move-key-${i}-0000` },
    );
  }
  return done;
}

async function started(games: GameService) {
  await games.execute(
    'g_one',
    { kind: 'player', playerId: ann.id },
    { type: 'create', seats: 2, rules: { set: 6, turnHours: 24 }, player: ann },
    { expectedVersion: 0, key: 'create-key-0001' },
  );
  return games.execute(
    'g_one',
    { kind: 'player', playerId: bob.id },
    { type: 'join', player: bob },
    { expectedVersion: null, key: 'join-key-000001' },
  );
}

describe('the game service, without HTTP', () => {
  it('records commits at the injected clock’s time, and by whom', async () => {
    const { games, store, clock } = await service();
    await games.execute(
      'g_one',
      { kind: 'player', playerId: ann.id },
      { type: 'create', seats: 2, player: ann },
      { expectedVersion: 0, key: 'create-key-0001' },
    );
    clock.now += 3_600_000;
    await games.execute(
      'g_one',
      { kind: 'player', playerId: bob.id },
      { type: 'join', player: bob },
      { expectedVersion: null, key: 'join-key-000001' },
    );
    const commits = await store.streams.readAll('g_one');
    expect(commits.map((c) => [c.at, c.by])).toEqual([
      ['2026-12-01T09:00:00.000Z', ann.id],
      ['2026-12-01T10:00:00.000Z', bob.id],
    ]);
  });

  it('lets a bot move for a seat: its key is derived, so a second run at that version is the first again', async () => {
    const { games, store } = await service();
    const joined = await withBot(games);
    const seat = 1;
    const moves = legalMoves(joined.state, seat).filter((m) => m.type !== 'announce' && m.type !== 'callout');
    expect(moves.length).toBeGreaterThan(0);
    const bot = { kind: 'bot', seat } as const;
    const first = await games.execute(
      'g_bot',
      bot,
      { type: 'move', move: moves[0] as Move },
      { expectedVersion: joined.version },
    );
    expect(first).toMatchObject({ replayed: false, version: joined.version + 1, seat });
    // A second runner (a retried sweep, another container) that chose another move at the same version.
    const again = await games.execute(
      'g_bot',
      bot,
      { type: 'move', move: (moves[1] ?? moves[0]) as Move },
      { expectedVersion: joined.version },
    );
    expect(again).toMatchObject({ replayed: true, version: first.version, events: first.events });
    const commits = await store.streams.readAll('g_bot');
    expect(commits).toHaveLength(first.version);
    expect(commits.at(-1)).toMatchObject({ by: 'bot', idempotencyKey: `bot:${seat}:${joined.version}` });
  });

  it('lets the system time a seat out, and refuses a player who is not seated as if there were no game', async () => {
    const { games } = await service();
    const joined = await started(games);
    const seat = joined.state.hand?.turn as number;
    const move = legalMoves(joined.state, seat).find((m) => m.type === 'play' || m.type === 'pass') as Move & {
      type: 'play' | 'pass';
    };
    const timeout = { kind: 'system', seat, reason: 'timeout' } as const;
    // The system does one thing, and only the system does it: a timeout.
    await expect(
      games.execute('g_one', timeout, { type: 'move', move }, { expectedVersion: joined.version }),
    ).rejects.toThrow(/only the system times a turn out/);
    const done = await games.execute('g_one', timeout, { type: 'timeout', move }, { expectedVersion: joined.version });
    expect(done.version).toBe(joined.version + 1);
    expect(done.events[0]).toEqual({ type: 'TurnTimedOut', seat });
    const stranger = { kind: 'player', playerId: 'p_eve' } as const;
    await expect(
      games.execute(
        'g_one',
        stranger,
        { type: 'move', move },
        { expectedVersion: done.version, key: 'stranger-key-01' },
      ),
    ).rejects.toMatchObject({ kind: 'not-found', code: 'game/not-found' });
    // A bot for a seat a player plays is a programming error, not a move.
    await expect(
      games.execute(
        'g_one',
        { kind: 'bot', seat: 1 - seat },
        { type: 'move', move },
        { expectedVersion: done.version },
      ),
    ).rejects.toThrow(/no bot plays seat/);
    // The bot's derived key at a version the game has left behind: a 412, nothing applied.
    const bot = await withBot(games);
    const botMove = legalMoves(bot.state, 1)[0] as Move;
    await games.execute(
      'g_bot',
      { kind: 'bot', seat: 1 },
      { type: 'move', move: botMove },
      { expectedVersion: bot.version },
    );
    await expect(
      games.execute(
        'g_bot',
        { kind: 'bot', seat: 1 },
        { type: 'move', move: botMove },
        { expectedVersion: bot.version - 1 },
      ),
    ).rejects.toMatchObject({ kind: 'stale', currentVersion: bot.version + 1 });
  });
});
