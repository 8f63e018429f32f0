import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealLine, dealOf, usualHand } from './deal';

/** docs/rules.md's table of the usual deal: per set, the tiles each for 2 to 8 seats (null for –). */
function rulesTable(): Map<number, (number | null)[]> {
  const text = readFileSync(new URL('../../../../docs/rules.md', import.meta.url), 'utf8');
  const rows = [...text.matchAll(/^\s*\| double-(\d+)\s*\|(.*)\|\s*$/gm)];
  return new Map(
    rows.map(([, set, cells]) => [
      Number(set),
      cells!.split('|').map((c) => (c.trim() === '–' ? null : Number(c.trim()))),
    ]),
  );
}

describe('the deal the new-game form tells', () => {
  it('is the usual deal docs/rules.md tables, for every set and every number of seats', () => {
    const table = rulesTable();
    expect([...table.keys()]).toEqual([6, 9, 12, 15]);
    for (const [set, row] of table) {
      expect(row).toHaveLength(7);
      row.forEach((each, i) => expect(usualHand(set, i + 2), `double-${set}, ${i + 2} seats`).toBe(each));
    }
  });

  it('says the tiles each and the boneyard, and refuses a deal the set cannot give', () => {
    expect(dealOf(9, 2, null)).toEqual({ each: 21, boneyard: 13 });
    expect(dealLine(9, 2, null)).toBe(
      'Each of the 2 players gets 21 tiles (the usual deal); 13 of the 55 stay in the boneyard.',
    );
    expect(dealLine(6, 4, 3)).toBe('Each of the 4 players gets 3 tiles; 16 of the 28 stay in the boneyard.');
    // The rules keep at least one tile over: 27 each for two from 55 leaves one; 28 leaves none.
    expect(dealOf(9, 2, 27)).toEqual({ each: 27, boneyard: 1 });
    expect(dealOf(9, 2, 28)).toBeNull();
    expect(dealOf(6, 6, null)).toBeNull();
    expect(dealLine(6, 6, null)).toMatch(/^6 players cannot be dealt the usual tiles each/);
  });
});
