import type { Point } from './geometry';

/**
 * Where the pips of a half-tile go, in a unit square centred on 0 (x and y in -0.5..0.5), for 0 to 15:
 * the classic 3 by 3 faces up to 9, then three columns of 4 (10-12) or 5 (13-15) as in double-12 and
 * double-15 sets: both outer columns full, the middle one holding the rest.
 */
const grid = [-0.27, 0, 0.27];
const [L, C, R] = grid as [number, number, number];
const T = L;
const B = R;

const CLASSIC: readonly (readonly Point[])[] = [
  [],
  [{ x: C, y: C }],
  [
    { x: L, y: T },
    { x: R, y: B },
  ],
  [
    { x: L, y: T },
    { x: C, y: C },
    { x: R, y: B },
  ],
  [
    { x: L, y: T },
    { x: R, y: T },
    { x: L, y: B },
    { x: R, y: B },
  ],
  [
    { x: L, y: T },
    { x: R, y: T },
    { x: C, y: C },
    { x: L, y: B },
    { x: R, y: B },
  ],
  [L, C, R].flatMap((y) => [
    { x: L, y },
    { x: R, y },
  ]),
  [
    ...[L, C, R].flatMap((y) => [
      { x: L, y },
      { x: R, y },
    ]),
    { x: C, y: C },
  ],
  grid.flatMap((y) => grid.map((x) => ({ x, y }))).filter((p) => p.x !== C || p.y !== C),
  grid.flatMap((y) => grid.map((x) => ({ x, y }))),
];

/** `count` evenly spread values from -span to span (one alone sits in the middle). */
function spread(count: number, span: number): number[] {
  if (count === 1) return [0];
  return Array.from({ length: count }, (_, i) => -span + (2 * span * i) / (count - 1));
}

/**
 * The pip centres of a half showing `value` (0-15) in a unit square, and the pip radius that fits.
 * @example pips(5) // { at: [5 points], r: 0.09 }
 */
export function pips(value: number): { at: readonly Point[]; r: number } {
  if (value <= 9) return { at: CLASSIC[Math.max(0, value)] ?? [], r: value <= 6 ? 0.09 : 0.08 };
  const rows = value <= 12 ? 4 : 5;
  const column = spread(rows, 0.32);
  const rest = value - 2 * rows;
  // A full middle column lines up with the outer ones; a shorter one sits between their pips.
  const middle = spread(rest, rest === rows ? 0.32 : 0.32 * (1 - 1 / rows));
  return {
    at: [
      ...column.flatMap((y) => [
        { x: L, y },
        { x: R, y },
      ]),
      ...middle.map((y) => ({ x: C, y })),
    ],
    r: rows === 4 ? 0.07 : 0.06,
  };
}

/**
 * A colour per value, as many double-12 and double-15 sets print them, so a glance tells suits apart.
 * All dark enough to read on the white tile (contrast over 4.5:1).
 */
export const PIP_COLOURS = [
  '#222',
  '#1d4ed8',
  '#15803d',
  '#b91c1c',
  '#6d28d9',
  '#9a3412',
  '#0f766e',
  '#a21caf',
  '#1e3a8a',
  '#166534',
  '#7f1d1d',
  '#4c1d95',
  '#713f12',
  '#134e4a',
  '#831843',
  '#111827',
];

/** The smallest pip worth drawing, in CSS pixels across: below it a pip is a speck nobody counts. */
export const LEAST_PIP_PX = 3;

/**
 * The least pixels per half-tile at which every pip of a double-`set` set is at least LEAST_PIP_PX
 * across (the fullest faces have the smallest pips): below it the board is drawn at this size, to pan.
 * @example readableScale(6) // 16.7; readableScale(15) // 25
 */
export function readableScale(set: number): number {
  let r = Infinity;
  for (let value = 1; value <= set; value++) r = Math.min(r, pips(value).r);
  return LEAST_PIP_PX / (2 * (Number.isFinite(r) ? r : 0.09));
}
