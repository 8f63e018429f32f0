import type { OpenEndInput, PlacementInput } from './layout';

/** A board as the API would send it: placements and the open ends left. */
export interface RandomBoard {
  readonly placements: PlacementInput[];
  readonly openEnds: OpenEndInput[];
}

/** A seeded source of numbers in [0, 1), so a failing board can be made again. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/**
 * A board grown by the table's rules from a double-`set` set, for testing the layout: the root double,
 * its spokes first, every other double filled with three toes before play goes elsewhere, each tile
 * on an end of its suit. Stops after `count` tiles or when nothing fits. `lineBias` is the chance of
 * playing on the newest end, which grows long lines.
 * @example const { placements, openEnds } = randomBoard({ set: 9, spokes: 6, count: 40, seed: 7 });
 */
export function randomBoard(options: {
  set: number;
  spokes: number;
  count: number;
  seed: number;
  lineBias?: number;
}): RandomBoard {
  const { set, spokes, count } = options;
  const random = seeded(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const unused: [number, number][] = [];
  for (let a = 0; a <= set; a++) for (let b = 0; b <= a; b++) unused.push([a, b]);
  const root = pick(unused.filter(([a, b]) => a === b));
  unused.splice(unused.indexOf(root), 1);

  const placements: PlacementInput[] = [{ id: 0, tile: `${root[0]}-${root[0]}`, on: null, slot: 0, suit: root[0] }];
  const ends: { on: number; suit: number; remaining: number; capacity: number }[] = [
    { on: 0, suit: root[0], remaining: spokes, capacity: spokes },
  ];
  let mustFill: number | null = 0;
  while (placements.length < count) {
    const open = ends.filter((e) => mustFill === null || e.on === mustFill);
    const fitting = open.filter((e) => unused.some(([a, b]) => a === e.suit || b === e.suit));
    if (fitting.length === 0) break;
    const newest = fitting.reduce((x, y) => (y.on > x.on ? y : x));
    const end = random() < (options.lineBias ?? 0) ? newest : pick(fitting);
    const tile = pick(unused.filter(([a, b]) => a === end.suit || b === end.suit));
    unused.splice(unused.indexOf(tile), 1);
    const id = placements.length;
    placements.push({
      id,
      tile: `${tile[0]}-${tile[1]}`,
      on: end.on,
      slot: end.capacity - end.remaining,
      suit: end.suit,
    });
    end.remaining--;
    if (end.remaining === 0) {
      ends.splice(ends.indexOf(end), 1);
      if (mustFill === end.on) mustFill = null;
    }
    const other = tile[0] === end.suit ? tile[1] : tile[0];
    if (tile[0] === tile[1]) {
      ends.push({ on: id, suit: end.suit, remaining: 3, capacity: 3 });
      mustFill = id;
    } else ends.push({ on: id, suit: other, remaining: 1, capacity: 1 });
  }
  return { placements, openEnds: ends.map(({ on, suit, remaining }) => ({ on, suit, remaining })) };
}
