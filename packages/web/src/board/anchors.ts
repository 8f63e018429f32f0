import type { Box, Point } from './geometry';

/** Where a tile hangs on the one before it: a point in that tile's own frame, and a turn from its angle. */
export interface Anchor {
  readonly at: Point;
  readonly turn: number;
}

/** How far the outer toes of a chicken foot fan out from the line, in degrees. */
export const TOE_FAN = 50;

/** How far two spokes side by side on the root lean apart, in degrees. */
const SPOKE_FAN = 20;

// The root lies lengthwise (2 by 1). Spokes leave it going clockwise from the east: one off each short
// end, and with six, two off each long side, one per half, fanned out a little so they clear each other.
const SPOKES: Record<number, readonly Anchor[]> = {
  4: [
    { at: { x: 1, y: 0 }, turn: 0 },
    { at: { x: 0, y: 0.5 }, turn: 90 },
    { at: { x: -1, y: 0 }, turn: 180 },
    { at: { x: 0, y: -0.5 }, turn: 270 },
  ],
  6: [
    { at: { x: 1, y: 0 }, turn: 0 },
    { at: { x: 0.5, y: 0.5 }, turn: 90 - SPOKE_FAN },
    { at: { x: -0.5, y: 0.5 }, turn: 90 + SPOKE_FAN },
    { at: { x: -1, y: 0 }, turn: 180 },
    { at: { x: -0.5, y: -0.5 }, turn: 270 - SPOKE_FAN },
    { at: { x: 0.5, y: -0.5 }, turn: 270 + SPOKE_FAN },
  ],
};

// A double in a line lies across it (1 along, 2 across): its first toe carries on straight ahead,
// the other two leave its far corners fanned out, like a bird's foot.
const TOES: readonly Anchor[] = [
  { at: { x: 0.5, y: 0 }, turn: 0 },
  { at: { x: 0.5, y: -1 }, turn: -TOE_FAN },
  { at: { x: 0.5, y: 1 }, turn: TOE_FAN },
];

const SINGLE: Anchor = { at: { x: 1, y: 0 }, turn: 0 };

/** What kind of tile a placement is, for where the next ones hang on it. */
export type Hub = 'root' | 'double' | 'single';

/**
 * Where the tile in `slot` hangs on a placement of kind `hub` (the API's `slot`: the spoke on the
 * root, the toe on another double, 0 on a single tile).
 * @example anchorOf('double', 1, 6) // { at: { x: 0.5, y: -1 }, turn: -50 }
 */
export function anchorOf(hub: Hub, slot: number, spokes: number): Anchor {
  if (hub === 'single') return SINGLE;
  const list = hub === 'root' ? (SPOKES[spokes] ?? SPOKES[6]!) : TOES;
  return list[slot] ?? list[list.length - 1]!;
}

/** The size of a tile as it lies in a line: a double across the line, any other tile along it. */
export function tileSize(double: boolean): Pick<Box, 'hx' | 'hy'> {
  return double ? { hx: 0.5, hy: 1 } : { hx: 1, hy: 0.5 };
}
