import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp } from '@chickenfoot/api';
import { silentLogger } from '@chickenfoot/app';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Seat, type Move } from './client';
import { chooser, playToTheEnd } from './play-loop';

let server: ServerType;
let baseUrl: string;

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `e2e-${randomUUID()}`;
  const client = createDynamoClient({ endpoint });
  await ensureTable(client, tableName);
  // The seats play at machine speed, far faster than people: the per-player rate limit is lifted.
  const limits = { perPlayer: { burst: 1e6, perSecond: 1e6 } };
  const app = createApp({
    store: openStore({ client, tableName }),
    secret: `e2e-${randomUUID()}-secret-secret`,
    logger: silentLogger,
    limits,
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function newGame(count: number, rules: Parameters<Seat['create']>[1]) {
  const seats = await Promise.all(Array.from({ length: count }, (_, i) => Seat.register(baseUrl, `Seat${i}`)));
  const created = await seats[0]!.create(count, rules);
  for (const seat of seats.slice(1)) await seat.join(created.id, created.inviteCode ?? '');
  return { id: created.id, seats };
}

describe('end to end, with a client generated from openapi.yaml', () => {
  it('four seats, default rules: from registration to the winners', async () => {
    const { id, seats } = await newGame(4, {});
    const { final, moves } = await playToTheEnd(id, seats, 42);
    expect(final.status).toBe('finished');
    expect(final.rules).toMatchObject({ set: 9, handSize: 11, spokes: 6 });
    expect(final.handScores).toHaveLength(10);
    const best = Math.min(...final.totals);
    expect(final.winners).toEqual(final.totals.flatMap((t: number, s: number) => (t === best ? [s] : [])));
    expect(moves).toBeGreaterThan(40);

    // A player who was away the whole game catches up in at most two requests.
    const first = await seats[3]!.events(id, 0);
    const all =
      first.next === null
        ? first
        : { commits: [...first.commits, ...(await seats[3]!.events(id, first.next)).commits] };
    expect(all.commits.at(-1)?.version).toBe(final.version);
    expect(all.commits.flatMap((c) => c.events).at(-1)).toMatchObject({ type: 'GameEnded', winners: final.winners });
    expect(await seats[0]!.myTurn()).toEqual([]);
  }, 120_000);

  it('one player against three bots: every reply brings the bots’ moves, up to the player’s turn', async () => {
    const ann = await Seat.register(baseUrl, 'Ann');
    const created = await ann.create(4, { set: 6 }, [{ level: 'greedy' }, { level: 'random', seat: 3 }]);
    expect(created.seats.map((s) => s.bot)).toEqual([null, 'greedy', null, 'random']);
    // The creator seats the last bot, in the last free seat, which starts the game.
    const started = await ann.addBot(created.id, created.version, {});
    expect(started.game.seats.map((s) => s.bot)).toEqual([null, 'greedy', 'greedy', 'random']);
    const choose = chooser(11);
    let game = started.game;
    let botMoves = 0;
    for (let turn = 0; game.status === 'playing'; turn++) {
      if (turn > 2000) throw new Error('the game does not end');
      // Nobody else plays: after every reply it is Ann's turn again, or the game is over.
      expect(game.hand?.turn).toBe(0);
      const plays = game.legalMoves.filter((m: Move) => m.type !== 'callout' && m.type !== 'announce');
      const reply = await ann.move(created.id, game.version, choose(plays.length > 0 ? plays : game.legalMoves));
      if (!reply) throw new Error('a 412 with nobody else playing');
      botMoves += reply.events.filter((e) => e.type === 'TilePlayed' && e.seat !== 0).length;
      game = reply.game;
    }
    expect(game.handScores).toHaveLength(7);
    expect(botMoves).toBeGreaterThan(20);
    const { commits } = await ann.events(created.id, 0);
    expect(commits.at(-1)?.version).toBe(game.version);
  }, 60_000);

  it('two seats, double-6, four spokes, next-highest opening, must-play', async () => {
    const rules = { set: 6, spokes: 4, opening: 'next-highest', drawnTile: 'must-play' } as const;
    const { id, seats } = await newGame(2, rules);
    const { final } = await playToTheEnd(id, seats, 7);
    expect(final.status).toBe('finished');
    expect(final.rules).toMatchObject(rules);
    expect(final.handScores).toHaveLength(7);
    const { commits } = await seats[1]!.events(id, 0);
    const openers = commits.flatMap((c) => c.events).flatMap((e) => (e.type === 'RootPlaced' ? [e.tile] : []));
    expect(new Set(openers)).toEqual(new Set(['6-6', '5-5', '4-4', '3-3', '2-2', '1-1', '0-0']));
  }, 60_000);
});
