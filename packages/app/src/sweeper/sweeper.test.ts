import { randomUUID } from 'node:crypto';
import { createDynamoClient, ensureTable, EventStore, type DueItem } from '@chickenfoot/store';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { silentLogger } from '../logging';
import type { DueHandler, DueResult } from './due-handler';
import { Sweeper } from './sweeper';

// The sweeper's core on the real store: items made due the way a game makes them (a turn entry with a
// deadline), handlers that only count, and a fake clock.
let store: EventStore;
beforeEach(async () => {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `sweeper-${randomUUID()}`;
  await ensureTable(client, tableName);
  store = new EventStore({ client, tableName });
});

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const minutes = (n: number) => T0 + n * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const seats = [{ playerId: 'ann', name: 'Ann' }];

/** A game awaiting Ann, with work of `kind` due at `dueAt`. */
async function dueGame(gameId: string, dueAt: number, kind = 'ping') {
  const head = { version: 1, status: 'playing', turn: 'ann', seats, updatedAt: iso(T0) };
  await store.append(gameId, 0, [{}], {
    at: new Date(T0),
    turn: { from: null, to: 'ann', head, due: { at: iso(dueAt), kind } },
  });
}

/** A handler that records what it was called with and answers `result`. */
function recorder(result: (item: DueItem) => DueResult | Promise<DueResult>) {
  const calls: { gameId: string; now: number }[] = [];
  const handler: DueHandler = async (item, now) => {
    calls.push({ gameId: item.gameId, now });
    return result(item);
  };
  return { calls, handler };
}
const settled = (): DueResult => ({ settled: true, effect: 'done' });
const sweeper = (handlers: Record<string, DueHandler>, options = {}) =>
  new Sweeper({ store, handlers, logger: silentLogger, ...options });

describe('the sweeper', () => {
  it('hands each item due by now to its kind’s handler, once, with the sweep’s time; later ones wait', async () => {
    await dueGame('g-1', minutes(5));
    await dueGame('g-2', minutes(9));
    await dueGame('g-3', minutes(30));
    const ping = recorder(() => ({ settled: false, next: null, effect: 'pinged' }));
    const report = await sweeper({ ping: ping.handler }).sweep(minutes(10));
    expect(ping.calls.map((c) => c.gameId).sort()).toEqual(['g-1', 'g-2']);
    expect(ping.calls.every((c) => c.now === minutes(10))).toBe(true);
    expect(report).toMatchObject({ due: 2, claimed: 2, busy: 0, failed: 0, effects: { pinged: 2 }, complete: true });
    expect(report.lagMs).toBe(5 * 60_000);
    // Settled with nothing next: they are out of the index, and the next sweep finds nothing.
    const again = await sweeper({ ping: ping.handler }).sweep(minutes(20));
    expect(again).toMatchObject({ due: 0, lagMs: 0 });
    expect((await sweeper({ ping: ping.handler }).sweep(minutes(31))).due).toBe(1);
  });

  it('moves an item its handler asks to see again to that time', async () => {
    await dueGame('g-retry', minutes(5));
    const retry = recorder(() => ({ settled: false, next: iso(minutes(15)), effect: 'retry' }));
    await sweeper({ ping: retry.handler }).sweep(minutes(6));
    expect((await sweeper({ ping: retry.handler }).sweep(minutes(14))).due).toBe(0);
    expect((await sweeper({ ping: retry.handler }).sweep(minutes(16))).claimed).toBe(1);
    expect(retry.calls).toHaveLength(2);
  });

  it('leaves a failed item claimed: skipped until the claim expires, then done by the next sweep', async () => {
    await dueGame('g-crash', minutes(5));
    let crash = true;
    const flaky = recorder(() => {
      if (crash) throw new Error('the process died here');
      return settled();
    });
    const crashed = await sweeper({ ping: flaky.handler }).sweep(minutes(6));
    expect(crashed).toMatchObject({ due: 1, claimed: 0, failed: 1 });
    crash = false;
    // Within the claim's 50 s another sweep may not touch it.
    expect(await sweeper({ ping: flaky.handler }).sweep(minutes(6) + 30_000)).toMatchObject({ busy: 1, claimed: 0 });
    expect(await sweeper({ ping: flaky.handler }).sweep(minutes(7))).toMatchObject({
      claimed: 1,
      effects: { done: 1 },
    });
    expect(flaky.calls).toHaveLength(2);
  });

  it('with two sweepers at once, hands each item to one of them', async () => {
    for (let i = 0; i < 12; i++) await dueGame(`g-pair-${i}`, minutes(1));
    const ping = recorder(() => settled());
    const [a, b] = await Promise.all(
      [sweeper({ ping: ping.handler }), sweeper({ ping: ping.handler })].map((s) => s.sweep(minutes(2))),
    );
    expect(ping.calls).toHaveLength(12);
    expect(new Set(ping.calls.map((c) => c.gameId)).size).toBe(12);
    expect((a?.claimed ?? 0) + (b?.claimed ?? 0)).toBe(12);
    expect((a?.busy ?? 0) + (b?.busy ?? 0)).toBe((a?.due ?? 0) + (b?.due ?? 0) - 12);
  });

  it('leaves an item of a kind it has no handler for unclaimed, for a sweeper that knows it', async () => {
    await dueGame('g-new-kind', minutes(1), 'reminder');
    const ping = recorder(() => settled());
    expect(await sweeper({ ping: ping.handler }).sweep(minutes(2))).toMatchObject({ due: 1, unknown: 1, claimed: 0 });
    const reminder = recorder(() => settled());
    expect(await sweeper({ reminder: reminder.handler }).sweep(minutes(2))).toMatchObject({ claimed: 1 });
  });

  it('stops reading pages when its budget is spent, and says the sweep is incomplete', async () => {
    await dueGame('g-budget', minutes(1));
    const report = await sweeper({ ping: recorder(() => settled()).handler }, { budgetMs: 0 }).sweep(minutes(2));
    expect(report).toMatchObject({ due: 0, complete: false });
  });
});
