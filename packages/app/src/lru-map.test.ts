import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('keeps at most its capacity, dropping the least recently used; a get counts as a use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([1, undefined, 3, 2]);
    map.set('a', 10); // a replaced value is a use too
    map.set('d', 4);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([10, undefined, 4]);
  });

  it('keeps nothing with capacity 0, and forgets a deleted key', () => {
    const none = new LruMap<string, number>(0);
    none.set('a', 1);
    expect([none.get('a'), none.size]).toEqual([undefined, 0]);
    const map = new LruMap<string, number>(3);
    map.set('a', 1);
    map.delete('a');
    expect([map.get('a'), map.size]).toEqual([undefined, 0]);
  });
});
