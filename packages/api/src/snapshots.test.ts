import { createDynamoClient, CostMeter, ensureTable, openStore } from '@chickenfoot/store';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createApp } from './app';
import { SNAPSHOT_EVERY } from '@chickenfoot/app';
import { TEST_SECRET, TestClient } from './testing';

/** Two apps on one table: `player` plays (and caches), `reader` caches nothing, so every request it serves loads the game. */
async function twoApps() {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `snap-${randomUUID()}`;
  await ensureTable(client, tableName);
  const meter = new CostMeter();
  const app = (cacheSize: number, m?: CostMeter, clock?: () => number) =>
    createApp({
      store: openStore({ client, tableName, ...(m ? { meter: m } : {}) }),
      secret: TEST_SECRET,
      logger: () => {},
      cacheSize,
      ...(clock ? { clock } : {}),
    });
  const player = new TestClient((request) => app(1000).request(request));
  // One reader app, whose clock stands still: the accounts it has read stay fresh (a token check
  // reads a player's account once per 15 s), so what is counted is the game's load alone.
  const now = Date.now();
  const readerApp = app(0, meter, () => now);
  const reader = new TestClient((request) => readerApp.request(request));
  return { player, reader, meter, store: openStore({ client, tableName }) };
}

describe('snapshots every few commits', () => {
  it(`stores the state in every ${SNAPSHOT_EVERY}th commit only, and loads any version from the newest snapshot in one read`, async () => {
    const { player, reader, meter, store } = await twoApps();
    // Four seats, double-9, as the benchmark plays: a window of commits stays within one read unit (4 KB).
    const { gameId, tokens } = await player.startGame(4);
    for (const token of tokens) await reader.call('GET', '/v1/me', { token });
    const distances = new Set<number>();
    const readUnits: number[] = [];
    for (let moves = 0; moves < 6 * SNAPSHOT_EVERY; moves++) {
      const turn = (await player.view(tokens[0]!, gameId)).body.hand.turn as number;
      const mine = await player.view(tokens[turn]!, gameId);
      if (mine.body.status !== 'playing') break;
      const moved = await player.move(tokens[turn]!, gameId, mine.body.legalMoves[0], mine.body.version);
      expect(moved.status).toBe(200);
      // The reply's view comes from the state the rules decided, not from a load. The app that
      // caches nothing loads the game from the store: the same view, with one read.
      meter.reset();
      const loaded = await reader.view(tokens[turn]!, gameId);
      const cost = meter.snapshot();
      expect(cost.requests).toBe(1);
      readUnits.push(cost.readUnits);
      expect(loaded.body).toEqual(moved.body.game);
      distances.add(loaded.body.version % SNAPSHOT_EVERY);
    }
    expect(readUnits.every((units) => units === 1)).toBe(true);
    // Every distance from the newest snapshot (0 to SNAPSHOT_EVERY - 1 commits after it) was loaded.
    expect([...distances].sort()).toEqual(Array.from({ length: SNAPSHOT_EVERY }, (_, i) => i));
    const commits = await store.streams.readAll(gameId, { snapshots: true });
    expect(commits.filter((c) => c.snapshot !== undefined).map((c) => c.version)).toEqual(
      commits.map((c) => c.version).filter((v) => v % SNAPSHOT_EVERY === 0),
    );
  });

  it('folds the whole log when the recent commits hold no snapshot it can read (an older format)', async () => {
    const { player, reader, store } = await twoApps();
    const { gameId, tokens } = await player.startGame(2, { set: 6 });
    // Rewrite the stream as an older server would have left it: a snapshot in an unknown format on
    // every commit, so neither the newest commits nor the first commit give a state to start from.
    const commits = await store.streams.readAll(gameId);
    const copy = `g_${randomUUID().replaceAll('-', '').slice(0, 22)}`;
    for (const [i, c] of commits.entries())
      await store.streams.append(copy, i, c.events, { snapshot: { format: 0, state: 'unreadable' } });
    for (let i = commits.length; i < SNAPSHOT_EVERY + 3; i++) {
      // Padding commits with no events: the fold must reach back past them to the deal.
      await store.streams.append(copy, i, [], { snapshot: { format: 0, state: 'unreadable' } });
    }
    const original = await reader.view(tokens[0]!, gameId);
    const copied = await reader.view(tokens[0]!, copy);
    expect(copied.status).toBe(200);
    // The same game (its id, and what derives from it, aside): a fold from the first commit.
    const { id: _id, version: _v, inviteCode: _i, ...same } = original.body;
    expect(copied.body).toMatchObject(same);
    expect(copied.body.version).toBe(SNAPSHOT_EVERY + 3);
  });
});
