import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CostMeter, measureCost } from './cost';
import type { Store } from './store';
import { testStore } from './testing';

let store: Store;
const meter = new CostMeter();
beforeAll(async () => {
  ({ store } = await testStore(inject('dynamoEndpoint'), meter));
});

describe('cost accounting', () => {
  it('counts requests and the units DynamoDB reports, per operation', async () => {
    meter.reset();
    await store.streams.append('c1', 0, [{ type: 'Created' }]);
    await store.streams.readLatest('c1');
    expect(meter.snapshot()).toEqual({
      requests: 2,
      readUnits: 1,
      writeUnits: 1,
      byOperation: {
        PutItem: { requests: 1, readUnits: 0, writeUnits: 1 },
        Query: { requests: 1, readUnits: 1, writeUnits: 0 },
      },
    });
    meter.reset();
    expect(meter.snapshot()).toEqual({ requests: 0, readUnits: 0, writeUnits: 0, byOperation: {} });
  });

  it('charges write units by item size: a compressed snapshot keeps a commit at one unit', async () => {
    const state = {
      hands: Array.from({ length: 4 }, (_, s) =>
        Array.from({ length: 20 }, (_, t) => ({ seat: s, tile: `${t}-${s}`, placed: false })),
      ),
    };
    expect(JSON.stringify(state).length).toBeGreaterThan(3_000);
    const { cost } = await store.measure(() => store.streams.append('c2', 0, [{ type: 'Dealt' }], { snapshot: state }));
    expect(cost).toMatchObject({ requests: 1, writeUnits: 1 });
    const noise = randomBytes(1_500).toString('base64'); // barely compressible: ~1.5 KB stored
    const big = await store.measure(() => store.streams.append('c2', 1, [{ type: 'Noise', noise }]));
    expect(big.cost.writeUnits).toBe(2);
  });

  it('counts a lost race as the failed put plus the reads that explain it', async () => {
    await store.streams.append('c3', 0, [{ n: 1 }]);
    const { cost } = await store.measure(() => store.streams.append('c3', 0, [{ n: 2 }]).catch(() => null));
    expect(cost.byOperation).toMatchObject({ PutItem: { requests: 1, writeUnits: 0 }, Query: { requests: 1 } });
  });

  it('keeps concurrent measurements apart, and nests spans', async () => {
    const [a, b] = await Promise.all([
      measureCost(async () => {
        await store.streams.append('c4', 0, [{ n: 1 }]);
        await store.streams.append('c4', 1, [{ n: 2 }]);
      }),
      measureCost(() => store.streams.readAfter('c3', 0)),
    ]);
    expect(a.cost).toMatchObject({ requests: 2, writeUnits: 2, readUnits: 0 });
    expect(b.cost).toMatchObject({ requests: 1, writeUnits: 0 });
    const outer = await measureCost(async () => {
      const inner = await measureCost(() => store.streams.readCommit('c4', 1));
      await store.streams.readCommit('c4', 2);
      return inner.cost.requests;
    });
    expect(outer).toMatchObject({ result: 1, cost: { requests: 2 } });
  });
});
