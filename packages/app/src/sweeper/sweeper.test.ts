import { randomUUID } from 'node:crypto';
import { createDynamoClient, ensureTable, openStore, type DueItem, type Store } from '@chickenfoot/store';
import { beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { silentLogger } from '../logging';
import type { DueHandler, DueResult } from './due-handler';
import { Sweeper } from './sweeper';

// The sweeper's core on the real store: items made due the way a game makes them (a turn entry with a
// deadline), handlers that only count, and a fake clock.
let store: Store;
beforeEach(async () => {
  const client = createDynamoClient({ endpoint: inject('dynamoEndpoint'), maxAttempts: 1 });
  const tableName = `sweeper-${randomUUID()}`;
  await ensureTable(client, tableName);
  store = openStore({ client, tableName });
});

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const minutes = (n: number) => T0 + n * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const seats = [{ playerId: 'ann', name: 'Ann' }];

/** A game awaiting Ann, with work of `kind` due at `dueAt`. */
async function dueGame(gameId: string, dueAt: number, kind = 'ping') {
  const head = { version: 1, status: 'playing', turn: 'ann', seats, updatedAt: iso(T0) };
  await store.streams.append(gameId, 0, [{}], {
    at: new Date(T0),
    turn: { from: null, to: 'ann', head, due: { at: iso(dueAt), kind } },
  });
}

/** A handler that records what it was called with and answers `result`. */
function recorder(result: (item: DueItem) => DueResult | Promise<DueResult>) {
  const calls: { gameId: string; now: number }[] = [];
  const handler: DueHandler = async (item, now) => {
    calls.push({ gameId: item.streamId, now });
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

describe('the sweeper’s lanes', () => {
  /** A handler that holds every item until `release()` (a receiver that does not answer). */
  function hanging() {
    const started: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const handler: DueHandler = async (item) => {
      started.push(item.streamId);
      await held;
      return settled();
    };
    return { started, handler, release: () => release() };
  }
  const lanes = (groupOf: (item: DueItem) => Promise<string> = async (item) => item.streamId.split('-')[1] ?? '') => ({
    deliveries: { kinds: new Set(['deliver']), concurrency: 4, perGroup: 2, groupOf },
  });

  it('handles a turn’s timeout at once while deliveries that never answer hold the delivery lane', async () => {
    for (let i = 0; i < 20; i++) await dueGame(`d-mallory-${i}`, minutes(1), 'deliver');
    await dueGame('g-timeout', minutes(2), 'timeout');
    const slow = hanging();
    const timeout = recorder(() => settled());
    const sweep = sweeper({ deliver: slow.handler, timeout: timeout.handler }, lanes()).sweep(minutes(3));
    await vi.waitFor(() => expect(timeout.calls.map((c) => c.gameId)).toEqual(['g-timeout']));
    // Mallory's items fill only her share of the delivery lane's slots (the lane may start them a
    // moment after the timeout's), and no more start while they hang.
    await vi.waitFor(() => expect(slow.started).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slow.started).toHaveLength(2);
    slow.release();
    expect(await sweep).toMatchObject({ effects: { done: 21 }, complete: true });
  });

  it('runs chains of bots one at a time in a lane of their own: a timeout never waits behind them', async () => {
    for (let i = 0; i < 5; i++) await dueGame(`b-bots-${i}`, minutes(1), 'bots');
    await dueGame('g-timeout', minutes(2), 'timeout');
    const chains = hanging();
    const timeout = recorder(() => settled());
    const options = { concurrency: 1, background: { kinds: new Set(['bots']) } };
    const sweep = sweeper({ bots: chains.handler, timeout: timeout.handler }, options).sweep(minutes(3));
    // The game lane has one slot here: the timeout still goes at once, with a chain of bots in flight.
    await vi.waitFor(() => expect(timeout.calls.map((c) => c.gameId)).toEqual(['g-timeout']));
    await vi.waitFor(() => expect(chains.started).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chains.started).toHaveLength(1);
    chains.release();
    expect(await sweep).toMatchObject({ effects: { done: 6 }, complete: true });
  });

  it('shares the delivery lane between players: one player’s hanging receivers never hold another’s delivery', async () => {
    for (let i = 0; i < 20; i++) await dueGame(`d-mallory-${i}`, minutes(1), 'deliver');
    await dueGame('d-victim-0', minutes(2), 'deliver');
    const started: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const handler: DueHandler = async (item) => {
      started.push(item.streamId);
      if (item.streamId.startsWith('d-mallory')) await held;
      return settled();
    };
    const sweep = sweeper({ deliver: handler }, lanes()).sweep(minutes(3));
    await vi.waitFor(() => expect(started).toContain('d-victim-0'));
    expect(started.filter((id) => id.startsWith('d-mallory'))).toHaveLength(2);
    release();
    await sweep;
  });

  it('starts no delivery with less than an attempt’s time of its budget left, and none at all past it', async () => {
    for (let i = 0; i < 3; i++) await dueGame(`d-a-${i}`, minutes(1), 'deliver');
    await dueGame('g-late', minutes(1), 'timeout');
    let calls = 0;
    const deliver = recorder(() => settled());
    const timeout = recorder(() => settled());
    // 10 s of 30 s spent already, attempts take up to 25 s: no delivery may start; the timeout may.
    const report = await sweeper(
      { deliver: deliver.handler, timeout: timeout.handler },
      { ...lanes(), budgetMs: 30_000, attemptMs: 25_000, elapsed: () => (calls++ === 0 ? 0 : 10_000) },
    ).sweep(minutes(2));
    expect(deliver.calls).toHaveLength(0);
    expect(timeout.calls).toHaveLength(1);
    expect(report.complete).toBe(false);
  });

  it('returns at once when aborted, abandoning what hangs; a later sweep does it once its claim expires', async () => {
    await dueGame('d-stuck-0', minutes(1), 'deliver');
    const slow = hanging();
    const stop = new AbortController();
    const sweep = sweeper({ deliver: slow.handler }, lanes()).sweep(minutes(2), { signal: stop.signal });
    await vi.waitFor(() => expect(slow.started).toHaveLength(1));
    stop.abort();
    expect(await sweep).toMatchObject({ complete: false, claimed: 0 });
    slow.release();
    const again = recorder(() => settled());
    expect(await sweeper({ deliver: again.handler }, lanes()).sweep(minutes(3))).toMatchObject({ claimed: 1 });
  });

  it('does in the same sweep the work its own commits made due a moment after it began', async () => {
    await dueGame('g-first', minutes(1));
    let clock = minutes(2);
    let s: Sweeper | undefined;
    const ping = recorder(async (item) => {
      if (item.streamId === 'g-first') {
        // A commit of this work, stamped by the app's clock a moment after the sweep's time.
        clock += 5;
        await dueGame('g-then', clock);
        s?.dueNow();
      }
      return settled();
    });
    s = sweeper({ ping: ping.handler }, { clock: () => clock });
    await s.sweep(minutes(2));
    expect(ping.calls.map((c) => c.gameId)).toEqual(['g-first', 'g-then']);
  });
});
