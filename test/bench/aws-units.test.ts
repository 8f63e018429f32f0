import { TABLE, type TableDefinition } from '@chickenfoot/store/table';
import { describe, expect, it } from 'vitest';
import { INDEX_ENTRY_OVERHEAD, itemBytes, readUnits, writeUnits, type Item } from './aws-units';

const WITH_LSI: TableDefinition = {
  ...TABLE,
  localSecondaryIndexes: [
    {
      indexName: 'byKey',
      partitionKey: TABLE.partitionKey,
      sortKey: { name: 'ik', type: 'S' },
      projection: 'KEYS_ONLY',
    },
  ],
};

const commit = (extra: Item = {}): Item => ({ pk: { S: 'game#g1' }, sk: { N: '12' }, ev: { S: '[]' }, ...extra });
const member = (gsk: string): Item => ({
  pk: { S: 'game#g1' },
  sk: { N: '-1' },
  gpk: { S: 'player#ann' },
  gsk: { S: gsk },
  hd: { B: new Uint8Array(900) },
});

describe('capacity units on AWS terms', () => {
  it('sizes items as DynamoDB does: names, strings, numbers by digits, binaries, lists and maps', () => {
    // pk 2+7, sk 2+(1 byte per two digits, plus 1), ev 2+2
    expect(itemBytes(commit())).toBe(9 + 4 + 4);
    expect(itemBytes({ n: { N: '-0012300' } })).toBe(1 + 3);
    expect(itemBytes({ b: { B: new Uint8Array(10) }, t: { BOOL: true }, z: { NULL: true } })).toBe(11 + 2 + 2);
    expect(itemBytes({ l: { L: [{ S: 'ab' }, { N: '1' }] }, m: { M: { k: { S: 'v' } } } })).toBe(
      1 + 3 + 3 + 3 + (1 + 3 + 1 + 1 + 1),
    );
    expect(itemBytes({ é: { S: 'é' } })).toBe(4);
  });

  it('charges a write 1 unit per started KB of the larger of before and after, at least 1', () => {
    expect(writeUnits({ before: null, after: commit() }, TABLE)).toEqual({
      table: 1,
      indexes: { byPlayer: 0, byDue: 0, byLobby: 0 },
      total: 1,
    });
    const big = commit({ sn: { B: new Uint8Array(1100) } });
    expect(writeUnits({ before: null, after: big }, TABLE).total).toBe(2);
    expect(writeUnits({ before: big, after: commit() }, TABLE).total).toBe(2);
    expect(writeUnits({ before: big, after: null }, TABLE).total).toBe(2);
  });

  it('adds an index write for each index holding the item: two when its index key changes, none when nothing changed', () => {
    const joined = member('2026-12-01T10:00:00.000Z#g1');
    // 900 bytes of head + keys + the entry overhead: over 1 KB in the index, under it in the table.
    expect(itemBytes(joined) + INDEX_ENTRY_OVERHEAD).toBeGreaterThan(1024);
    expect(writeUnits({ before: null, after: joined }, TABLE)).toEqual({
      table: 1,
      indexes: { byPlayer: 2, byDue: 0, byLobby: 0 },
      total: 3,
    });
    const moved = member('2026-12-02T10:00:00.000Z#g1');
    expect(writeUnits({ before: joined, after: moved }, TABLE).indexes.byPlayer).toBe(4);
    expect(writeUnits({ before: joined, after: joined }, TABLE).indexes.byPlayer).toBe(0);
    expect(writeUnits({ before: joined, after: null }, TABLE).indexes.byPlayer).toBe(2);
  });

  it('counts a keys-only index by its keys, and skips it when only other attributes change', () => {
    const keyed = commit({ ik: { S: 'k1' } });
    expect(writeUnits({ before: null, after: keyed }, WITH_LSI).indexes).toEqual({
      byPlayer: 0,
      byDue: 0,
      byLobby: 0,
      byKey: 1,
    });
    const heavier = { ...keyed, sn: { B: new Uint8Array(3000) } };
    expect(writeUnits({ before: keyed, after: heavier }, WITH_LSI)).toMatchObject({ table: 3, indexes: { byKey: 0 } });
  });

  it('charges reads by started 4 KB of all the items read, half for eventually consistent ones', () => {
    const item = commit({ sn: { B: new Uint8Array(1500) } });
    expect(readUnits([item, item], true)).toBe(1);
    expect(readUnits([item, item, item], true)).toBe(2);
    expect(readUnits([item, item, item], false)).toBe(1);
    expect(readUnits([], false)).toBe(0.5);
  });
});
