/**
 * Rectangles turned by an angle: a tile lying on the table. Units are half a tile: a tile is 2 long
 * and 1 wide. Angles are in degrees, clockwise on screen (SVG's y points down).
 */

/** A rectangle centred on (x, y), turned by `angle`; `hx` is half its size along that angle, `hy` across. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly hx: number;
  readonly hy: number;
}

/** A point on the table. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

const RAD = Math.PI / 180;

/** The unit vector pointing along `angle`. */
export function direction(angle: number): Point {
  return { x: Math.cos(angle * RAD), y: Math.sin(angle * RAD) };
}

/** A point given in a box's own frame (x along its angle, y across), on the table. */
export function toTable(box: Box, local: Point): Point {
  const u = direction(box.angle);
  return { x: box.x + local.x * u.x - local.y * u.y, y: box.y + local.x * u.y + local.y * u.x };
}

/** The four corners of a box, going round. */
export function corners(box: Box): Point[] {
  return [
    { x: box.hx, y: box.hy },
    { x: -box.hx, y: box.hy },
    { x: -box.hx, y: -box.hy },
    { x: box.hx, y: -box.hy },
  ].map((p) => toTable(box, p));
}

/** Half the width of a box's shadow on the unit axis `n`. */
function radius(box: Box, n: Point): number {
  const u = direction(box.angle);
  return box.hx * Math.abs(u.x * n.x + u.y * n.y) + box.hy * Math.abs(-u.y * n.x + u.x * n.y);
}

/**
 * How far apart two boxes are along the axis that separates them best (the separating axis theorem
 * over both boxes' edges): positive means they do not touch and are at least that far apart;
 * zero or less means they overlap. A lower bound of their true distance, exact for parallel boxes.
 * @example separation(a, b) >= 0.1 // at least 0.1 apart
 */
export function separation(a: Box, b: Box): number {
  let best = -Infinity;
  for (const box of [a, b]) {
    const u = direction(box.angle);
    for (const n of [u, { x: -u.y, y: u.x }]) {
      const gap = Math.abs((b.x - a.x) * n.x + (b.y - a.y) * n.y) - radius(a, n) - radius(b, n);
      if (gap > best) best = gap;
    }
  }
  return best;
}

/** The radius of the circle around a box: a cheap first test before `separation`. */
export function reach(box: Box): number {
  return Math.hypot(box.hx, box.hy);
}

/** True when `box` is at least `gap` away from every box of `others` (checked cheaply first). */
export function clearOf(box: Box, others: Iterable<Box>, gap: number): boolean {
  const r = reach(box) + gap;
  for (const other of others) {
    const far = r + reach(other);
    const dx = other.x - box.x;
    const dy = other.y - box.y;
    if (dx * dx + dy * dy > far * far) continue;
    if (separation(box, other) < gap) return false;
  }
  return true;
}

/** The smallest axis-aligned rectangle holding every box. */
export function bounds(boxes: readonly Box[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const box of boxes) {
    for (const p of corners(box)) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  return boxes.length === 0 ? { minX: -1, minY: -1, maxX: 1, maxY: 1 } : { minX, minY, maxX, maxY };
}
