import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CostMeter } from './cost';
import type { CommitPage } from './read';
import type { Store } from './store';
import { testStore } from './testing';

let store: Store;
const meter = new CostMeter();
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint'), meter));
});

/** Appends commits 1..count to a game, `inFlight` at a time (distinct versions never conflict). */
async function fill(gameId: string, count: number, inFlight = 25, snapshot?: unknown) {
  for (let start = 0; start < count; start += inFlight) {
    const batch = [];
    for (let v = start; v < Math.min(start + inFlight, count); v++) {
      batch.push(
        store.streams.append(
          gameId,
          v,
          [
            { type: 'Moved', n: v + 1 },
            { type: 'Turn', n: v + 1 },
          ],
          { snapshot },
        ),
      );
    }
    await Promise.all(batch);
  }
}

describe('catch-up reads', () => {
  beforeAll(() => fill('catch-up', 23, 25, { state: 'x' }));

  it('returns everything after a version, oldest first, and null when caught up', async () => {
    const page = await store.streams.readAfter('catch-up', 20);
    expect(page.commits.map((c) => c.version)).toEqual([21, 22, 23]);
    expect(page.next).toBeNull();
    expect(await store.streams.readAfter('catch-up', 23)).toEqual({ commits: [], next: null });
  });

  it('pages across boundaries with no gap or overlap, next null exactly on the last page', async () => {
    const versions: number[] = [];
    const nexts: (number | null)[] = [];
    let after: number | null = 3;
    while (after !== null) {
      const page: CommitPage = await store.streams.readAfter('catch-up', after, { limit: 5 });
      versions.push(...page.commits.map((c) => c.version));
      nexts.push(page.next);
      after = page.next;
    }
    expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 4));
    // 20 commits in pages of 5: the fourth page ends the game, so there is no empty fifth page.
    expect(nexts).toEqual([8, 13, 18, null]);
  });

  it('leaves snapshots out of catch-up unless asked', async () => {
    const plain = await store.streams.readAfter('catch-up', 0, { limit: 2 });
    expect(plain.commits.every((c) => !('snapshot' in c))).toBe(true);
    const full = await store.streams.readAfter('catch-up', 0, { limit: 2, snapshots: true });
    expect(full.commits.map((c) => c.snapshot)).toEqual([{ state: 'x' }, { state: 'x' }]);
  });

  it('reads the newest commits, or those up to a version, oldest first with their snapshots, in one Query', async () => {
    const newest = await store.measure(() => store.streams.readRecent('catch-up', { count: 3 }));
    expect(newest.result.map((c) => c.version)).toEqual([21, 22, 23]);
    expect(newest.result.map((c) => c.snapshot)).toEqual([{ state: 'x' }, { state: 'x' }, { state: 'x' }]);
    expect(newest.cost.requests).toBe(1);
    expect((await store.streams.readRecent('catch-up', { count: 4, upTo: 10 })).map((c) => c.version)).toEqual([
      7, 8, 9, 10,
    ]);
    expect((await store.streams.readRecent('catch-up', { count: 8, upTo: 2 })).map((c) => c.version)).toEqual([1, 2]);
    expect(await store.streams.readRecent('never-written', { count: 8 })).toEqual([]);
    await expect(store.streams.readRecent('catch-up', { count: 0 })).rejects.toThrow(/count/);
    expect(await store.streams.readRecent('catch-up', { count: 2, upTo: 0 })).toEqual([]);
    await expect(store.streams.readRecent('catch-up', { count: 2, upTo: -1 })).rejects.toThrow(/upTo/);
    const plain = await store.streams.readRecent('catch-up', { count: 2, upTo: 10, snapshots: false });
    expect(plain.map((c) => [c.version, 'snapshot' in c])).toEqual([
      [9, false],
      [10, false],
    ]);
  });

  it('reads eventually consistent at half the units when asked', async () => {
    const strong = await store.measure(() => store.streams.readAfter('catch-up', 0));
    const eventual = await store.measure(() => store.streams.readAfter('catch-up', 0, { consistent: false }));
    expect(eventual.result).toEqual(strong.result);
    expect(eventual.cost.readUnits).toBe(strong.cost.readUnits / 2);
  });

  it('rejects a limit that is not a positive whole number', async () => {
    await expect(store.streams.readAfter('catch-up', 0, { limit: 0 })).rejects.toThrow(/limit/);
    await expect(store.streams.readAfter('catch-up', -1)).rejects.toThrow(/after/);
  });
});

describe('a large game', () => {
  const count = 1_200;
  beforeAll(() => fill('large', count, 50, { board: 'y'.repeat(3_000) }));

  it('reads 1,200 commits back intact, in order, in a few requests', async () => {
    meter.reset();
    const all = await store.streams.readAll('large');
    expect(all).toHaveLength(count);
    all.forEach((commit, i) => {
      expect(commit.version).toBe(i + 1);
      expect(commit.events).toEqual([
        { type: 'Moved', n: i + 1 },
        { type: 'Turn', n: i + 1 },
      ]);
    });
    // Each commit carries a compressed 3 KB snapshot, yet one 1 MB page holds all of them.
    expect(meter.snapshot().requests).toBeLessThanOrEqual(2);
  });

  it('catches up from anywhere with one request per page, and reads the newest with one Query', async () => {
    const { result, cost } = await store.measure(() => store.streams.readAfter('large', 1_000, { limit: 500 }));
    expect(result.commits.map((c) => c.version)).toEqual(Array.from({ length: 200 }, (_, i) => 1_001 + i));
    expect(result.next).toBeNull();
    expect(cost.requests).toBe(1);
    const latest = await store.measure(() => store.streams.readLatest('large'));
    expect(latest.result).toMatchObject({ version: count, snapshot: { board: 'y'.repeat(3_000) } });
    expect(latest.cost).toMatchObject({ requests: 1, readUnits: 1 });
  });
});
