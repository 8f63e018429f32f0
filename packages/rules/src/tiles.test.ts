import { describe, expect, it } from 'vitest';
import { factsOf, fullSet, halves, hasSuit, isDouble, normalizeTile, suitBits, tile, tileScore } from './tiles';

describe('tiles', () => {
  it.each([
    [6, 28],
    [9, 55],
    [12, 91],
    [15, 136],
  ])('a double-%i set has %i tiles, each pair once', (n, count) => {
    const tiles = fullSet(n);
    expect(tiles).toHaveLength(count);
    expect(new Set(tiles).size).toBe(count);
    for (const t of tiles) {
      const [high, low] = halves(t);
      expect(high).toBeGreaterThanOrEqual(low);
      expect(high).toBeLessThanOrEqual(n);
    }
  });

  it('writes the higher half first and reads either order', () => {
    expect(tile(4, 9)).toBe('9-4');
    expect(normalizeTile('4-9', 9)).toBe('9-4');
    expect(normalizeTile('9-4', 9)).toBe('9-4');
    expect(normalizeTile('0-0', 6)).toBe('0-0');
  });

  it('rejects text that is not a tile of the set', () => {
    for (const text of ['9-4', '7-7', '10-1', '9', '9-', '-9', '9_4', ' 9-4', '09-4', '', '1-2-3']) {
      expect(normalizeTile(text, 6), text).toBeNull();
    }
    expect(normalizeTile('15-15', 12)).toBeNull();
    expect(normalizeTile('15-15', 15)).toBe('15-15');
  });

  it('belongs to both its halves’ suits', () => {
    expect(hasSuit('9-4', 9)).toBe(true);
    expect(hasSuit('9-4', 4)).toBe(true);
    expect(hasSuit('9-4', 5)).toBe(false);
    expect(isDouble('5-5')).toBe(true);
    expect(isDouble('5-4')).toBe(false);
  });

  it('counts pips, and the double-blank as the game says', () => {
    expect(tileScore('9-4', 50)).toBe(13);
    expect(tileScore('1-0', 50)).toBe(1);
    expect(tileScore('0-0', 50)).toBe(50);
    expect(tileScore('0-0', 25)).toBe(25);
    expect(tileScore('0-0', 0)).toBe(0);
  });

  it('reads a three-character tile by its digits exactly as any other text', () => {
    // Every "xyz" of printable characters: the digits' shortcut must agree with parsing the text.
    let tiles = 0;
    for (let a = 32; a < 127; a++) {
      for (let b = 32; b < 127; b++) {
        for (const middle of ['-', '+', '0']) {
          const text = `${String.fromCharCode(a)}${middle}${String.fromCharCode(b)}`;
          const parsed = /^(\d)-(\d)$/.exec(text);
          const high = parsed ? Math.max(Number(parsed[1]), Number(parsed[2])) : -1;
          const low = parsed ? Math.min(Number(parsed[1]), Number(parsed[2])) : -1;
          const facts = factsOf(text);
          expect(facts === undefined ? null : [facts.high, facts.low, facts.tile]).toEqual(
            parsed ? [high, low, `${high}-${low}`] : null,
          );
          expect(suitBits(text)).toBe(parsed ? (1 << high) | (1 << low) : 0);
          if (parsed) tiles++;
        }
      }
    }
    expect(tiles).toBe(100);
    expect(factsOf('12-3')?.tile).toBe('12-3');
    expect(factsOf('3-12')?.tile).toBe('12-3');
  });
});
