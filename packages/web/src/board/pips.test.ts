import { describe, expect, it } from 'vitest';
import { pips, readableScale } from './pips';

describe('pips', () => {
  it('draws exactly `value` pips for 0 to 15, each inside its half and none touching another', () => {
    for (let value = 0; value <= 15; value++) {
      const { at, r } = pips(value);
      expect(at, `value ${value}`).toHaveLength(value);
      for (const p of at) {
        expect(Math.abs(p.x) + r).toBeLessThan(0.5);
        expect(Math.abs(p.y) + r).toBeLessThan(0.5);
      }
      for (let i = 0; i < at.length; i++) {
        for (let j = i + 1; j < at.length; j++) {
          const d = Math.hypot(at[i]!.x - at[j]!.x, at[i]!.y - at[j]!.y);
          expect(d, `value ${value}: pips ${i} and ${j}`).toBeGreaterThan(2 * r + 0.02);
        }
      }
    }
  });
});

describe('readableScale', () => {
  it('is the least scale at which every pip of the set is 3 px across, and no less', () => {
    for (const set of [6, 9, 12, 15]) {
      const scale = readableScale(set);
      const across = Array.from({ length: set }, (_, i) => 2 * pips(i + 1).r * scale);
      // A pip is drawn with radius r half-tiles: at `scale` pixels per half-tile, 2·r·scale pixels across.
      expect(Math.min(...across), `double-${set}`).toBeCloseTo(3, 6);
    }
    // Fuller faces have smaller pips: a bigger set needs a bigger board to read.
    expect(readableScale(15)).toBeGreaterThan(readableScale(9));
    expect(readableScale(9)).toBeGreaterThan(readableScale(6));
  });
});
