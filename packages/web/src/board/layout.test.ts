import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { separation, type Box } from './geometry';
import { GAP, layoutBoard, type BoardLayout } from './layout';
import { randomBoard } from './random-board';

const SETS = [6, 9, 12, 15] as const;
// The layout keeps tiles GAP apart; `separation` is a lower bound of the distance (a corner facing a
// corner measures as little as ~0.7 of it), so checking half of GAP proves clearance with room to spare.
const LEAST = GAP / 2;

/** Every pair of boxes that come too close (or overlap), by name: what must never happen. */
function crowded(layout: BoardLayout): string[] {
  const found: string[] = [];
  const tiles = layout.tiles;
  for (let i = 0; i < tiles.length; i++) {
    for (let j = i + 1; j < tiles.length; j++) {
      const gap = separation(tiles[i]!.box, tiles[j]!.box);
      if (gap < LEAST) found.push(`${tiles[i]!.label} / ${tiles[j]!.label}: ${gap.toFixed(3)}`);
    }
  }
  for (const [i, end] of layout.ends.entries()) {
    for (const tile of tiles) {
      if (separation(end.box, tile.box) < LEAST) found.push(`end ${end.label} / ${tile.label}`);
    }
    // Every end can be clicked: no end's spot lies on another's.
    for (const other of layout.ends.slice(i + 1)) {
      if (separation(end.box, other.box) < LEAST) found.push(`end ${end.label} / end ${other.label}`);
    }
  }
  return found;
}

const area = (box: Box) => 4 * box.hx * box.hy;

describe('layoutBoard', () => {
  it('keeps every tile and every open end clear of each other, on random boards of every set size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SETS),
        fc.constantFrom(4, 6),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (set, spokes, seed, lineBias) => {
          const board = randomBoard({ set, spokes, count: 200, seed, lineBias });
          const layout = layoutBoard(board.placements, board.openEnds, { spokes, set });
          expect(layout.tiles).toHaveLength(board.placements.length);
          expect(crowded(layout)).toEqual([]);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('lays out a whole double-15 hand of long lines without overlaps, keeping the board compact', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const board = randomBoard({ set: 15, spokes: 6, count: 136, seed, lineBias: 0.9 });
      expect(board.placements.length).toBeGreaterThan(60);
      const layout = layoutBoard(board.placements, board.openEnds, { spokes: 6, set: 15 });
      expect(crowded(layout)).toEqual([]);
      // Lines bend rather than run off: the board fills a fair share of the rectangle that holds it.
      const { minX, minY, maxX, maxY } = layout.bounds;
      const filled = layout.tiles.reduce((sum, t) => sum + area(t.box), 0) / ((maxX - minX) * (maxY - minY));
      expect(filled).toBeGreaterThan(0.12);
    }
  });

  it('keeps every toe beside its double, never pushed off it on a link, in boxes of every shape', () => {
    for (const set of SETS)
      for (const aspect of [0.75, 1, 2])
        for (const seed of [1, 2, 3, 4, 5, 6]) {
          const board = randomBoard({ set, spokes: 6, count: 200, seed, lineBias: 0.8 });
          const layout = layoutBoard(board.placements, board.openEnds, { spokes: 6, set }, aspect);
          const byId = new Map(layout.tiles.map((t) => [t.id, t]));
          const off = board.placements.flatMap((p) => {
            const parent = p.on === null ? undefined : byId.get(p.on);
            if (parent?.hub !== 'double') return [];
            const toe = byId.get(p.id)!;
            // Beside it: GAP away (the layout steps out by 0.04 at most), and no link drawn to it.
            return toe.link || separation(toe.box, parent.box) > GAP + 0.05 ? [`${toe.label} (seed ${seed})`] : [];
          });
          expect(off, `double-${set}, aspect ${aspect}`).toEqual([]);
          expect(crowded(layout)).toEqual([]);
        }
  });

  it('shapes a long board as the box it is drawn in: wide in a wide box, tall in a tall one', () => {
    const ratio = (aspect: number) => {
      const ratios = [1, 2, 3, 4, 5, 6].map((seed) => {
        const board = randomBoard({ set: 12, spokes: 6, count: 200, seed, lineBias: 0.8 });
        const { minX, minY, maxX, maxY } = layoutBoard(
          board.placements,
          board.openEnds,
          { spokes: 6, set: 12 },
          aspect,
        ).bounds;
        return (maxX - minX) / (maxY - minY);
      });
      return ratios.reduce((a, b) => a + b) / ratios.length;
    };
    expect(ratio(2)).toBeGreaterThan(1.6);
    expect(ratio(1)).toBeGreaterThan(0.75);
    expect(ratio(1)).toBeLessThan(1.25);
    expect(ratio(0.75)).toBeLessThan(ratio(1));
  });

  it('never moves a tile once placed: a longer board only adds tiles', () => {
    const board = randomBoard({ set: 12, spokes: 6, count: 91, seed: 42, lineBias: 0.5 });
    const whole = layoutBoard(board.placements, [], { spokes: 6, set: 12 });
    for (const size of [1, 7, 20, 50]) {
      const part = layoutBoard(board.placements.slice(0, size), [], { spokes: 6, set: 12 });
      expect(part.tiles.map((t) => t.box)).toEqual(whole.tiles.slice(0, size).map((t) => t.box));
    }
  });

  it('names tiles and ends as a person would: by suit, spoke and toe', () => {
    const placements = [
      { id: 0, tile: '6-6', on: null, slot: 0, suit: 6 },
      { id: 1, tile: '6-4', on: 0, slot: 0, suit: 6 },
      { id: 2, tile: '6-1', on: 0, slot: 1, suit: 6 },
      { id: 3, tile: '4-4', on: 1, slot: 0, suit: 4 },
      { id: 4, tile: '4-2', on: 3, slot: 0, suit: 4 },
    ];
    const openEnds = [
      { on: 0, suit: 6, remaining: 4 },
      { on: 2, suit: 1, remaining: 1 },
      { on: 3, suit: 4, remaining: 2 },
      { on: 4, suit: 2, remaining: 1 },
    ];
    const layout = layoutBoard(placements, openEnds, { spokes: 6, set: 6 });
    expect(layout.tiles.map((t) => t.label)).toEqual([
      '6-6, the root',
      '6-4 on the 6 of spoke 1',
      '6-1 on the 6 of spoke 2',
      '4-4 on the 4 of spoke 1',
      '4-2 on the 4 of toe 1 of the 4-4',
    ]);
    expect(layout.ends.map((e) => e.label)).toEqual([
      'the 6 of spoke 3',
      'the 1 of spoke 2',
      'the 4 of toe 2 of the 4-4',
      'the 2 of toe 1 of the 4-4',
    ]);
    // The near half of each tile is the suit it shares with what it hangs on.
    expect(layout.tiles.map((t) => [t.near, t.far])).toEqual([
      [6, 6],
      [6, 4],
      [6, 1],
      [4, 4],
      [4, 2],
    ]);
    // A double lies across its line; the others along it.
    expect(layout.tiles[3]!.box).toMatchObject({ hx: 0.5, hy: 1 });
    expect(layout.tiles[4]!.box).toMatchObject({ hx: 1, hy: 0.5 });
  });

  it('lays out the largest board in a few milliseconds', () => {
    const board = randomBoard({ set: 15, spokes: 6, count: 136, seed: 9, lineBias: 0.3 });
    const started = performance.now();
    for (let i = 0; i < 5; i++) layoutBoard(board.placements, board.openEnds, { spokes: 6, set: 15 });
    const each = (performance.now() - started) / 5;
    // Generous for a shared 2-core machine: a render must not stall the page.
    expect(each).toBeLessThan(150);
  });
});
