import { describe, expect, it } from 'vitest';
import { pips } from './pips';

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
