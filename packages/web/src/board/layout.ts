import { anchorOf, tileSize, type Hub } from './anchors';
import { bounds, clearOf, direction, separation, toTable, type Box, type Point } from './geometry';
import { endLabel, halvesOf, lineName, tileLabel } from './names';

/** A tile on the table as the API gives it (`hand.board[]`): what it hangs on, and where on it. */
export interface PlacementInput {
  readonly id: number;
  readonly tile: string;
  readonly on: number | null;
  readonly slot: number;
  readonly suit: number;
}

/** An open end as the API gives it (`hand.openEnds[]`). */
export interface OpenEndInput {
  readonly on: number;
  readonly suit: number;
  readonly remaining: number;
}

/** A placement laid out: its rectangle, its halves (`near` touches what it hangs on) and its names. */
export interface LaidTile {
  readonly id: number;
  readonly tile: string;
  /** The placement it hangs on; null for the root. */
  readonly on: number | null;
  readonly box: Box;
  readonly near: number;
  readonly far: number;
  readonly hub: Hub;
  /** The line it belongs to ("spoke 2"); null for the root. */
  readonly line: string | null;
  readonly label: string;
  /** Set when there was no room beside what it hangs on: the gap it jumps, to draw as a link. */
  readonly link: { readonly from: Point; readonly to: Point } | null;
}

/** Where the next tile on an open end would lie, and the end's name. */
export interface LaidEnd {
  readonly on: number;
  readonly suit: number;
  readonly box: Box;
  readonly label: string;
  readonly link: LaidTile['link'];
}

/** The whole board laid out, and the rectangle that holds it. */
export interface BoardLayout {
  readonly tiles: readonly LaidTile[];
  readonly ends: readonly LaidEnd[];
  readonly bounds: ReturnType<typeof bounds>;
}

/** The least space between any two tiles, in half-tiles. */
export const GAP = 0.12;
const TURNS = [0, 15, 30, 45, 60, 75, 90, 105, 120];

/** Tiles in a double-N set. */
const tilesIn = (set: number) => ((set + 1) * (set + 2)) / 2;

/**
 * Lays a board out as on a table, from `on` and `slot` alone (no replay): the root lengthwise in the
 * middle, its spokes around it, each line going straight on from the tile before, each double across its
 * line with three toes fanned. Tiles are placed in the order they were played and never move after, so
 * a growing board only adds. A tile that would touch another turns (bending its line; lines also bend
 * rather than leave an ellipse sized for the set and shaped as the box it is drawn in, `aspect` its width
 * over its height, so the board fills that box); with no room at all near its end it lies further out
 * along its line, joined by a link. A double goes only where its three toes fit beside it, and they
 * take those spots: toes are never pushed off their double. No two tiles come closer than `GAP`.
 * @example const { tiles, ends } = layoutBoard(view.hand.board, view.hand.openEnds, { spokes: 6, set: 9 }, 16 / 9);
 */
export function layoutBoard(
  placements: readonly PlacementInput[],
  openEnds: readonly OpenEndInput[],
  rules: { readonly spokes: number; readonly set: number },
  aspect = 1,
): BoardLayout {
  const table: Table = {
    laid: new Map(),
    boxes: [],
    toes: new Map(),
    spokes: rules.spokes,
    shape: outline(rules.set, aspect),
  };
  for (const p of [...placements].sort((a, b) => a.id - b.id)) layTile(table, p);
  const ends = layEnds(table, openEnds);
  return { tiles: [...table.laid.values()], ends, bounds: bounds([...table.boxes, ...ends.map((e) => e.box)]) };
}

/** The board as laid out so far, while `layoutBoard` works. */
interface Table {
  readonly laid: Map<number, LaidTile>;
  /** Every tile's box, in the order they were placed. */
  readonly boxes: Box[];
  /** The three toe spots of each double, kept for its toes from the moment it is placed. */
  readonly toes: Map<number, readonly Box[]>;
  readonly spokes: number;
  readonly shape: ReturnType<typeof outline>;
}

/** Lays the next placement out (they come in the order they were played) and adds it to the table. */
function layTile(table: Table, p: PlacementInput): void {
  const parent = p.on === null ? undefined : table.laid.get(p.on);
  const tile = parent ? hungTile(table, p, parent) : rootTile(p, table.boxes);
  table.laid.set(p.id, tile);
  table.boxes.push(tile.box);
  if (tile.hub === 'double') table.toes.set(p.id, toeSpots(tile.box));
}

/** The root (or, defensively, a tile whose placement is unknown: it starts a line of its own). */
function rootTile(p: PlacementInput, boxes: readonly Box[]): LaidTile {
  const [a, b] = halvesOf(p.tile);
  return {
    id: p.id,
    tile: p.tile,
    on: null,
    box: p.on === null ? { x: 0, y: 0, angle: 0, hx: 1, hy: 0.5 } : farOut(boxes),
    near: a,
    far: b,
    hub: 'root',
    line: null,
    label: tileLabel(p.tile, p.suit, null),
    link: null,
  };
}

/** A tile hung on `parent`, in the first room found for it beside its slot. */
function hungTile(table: Table, p: PlacementInput, parent: LaidTile): LaidTile {
  const [a, b] = halvesOf(p.tile);
  const double = a === b;
  const line = parent.hub === 'single' ? parent.line : lineName(parent.hub, p.slot, parent.tile);
  const others = table.boxes.filter((box) => box !== parent.box);
  const { box, link } = place(table, parent, p.slot, double, others);
  return {
    id: p.id,
    tile: p.tile,
    on: p.on,
    box,
    near: p.suit,
    far: a === p.suit ? b : a,
    hub: double ? 'double' : 'single',
    line,
    label: tileLabel(p.tile, p.suit, line),
    link,
  };
}

/** Where a tile on `parent` at `slot` goes, clear of `without`: the toe spot its double kept, or new room. */
function place(table: Table, parent: LaidTile, slot: number, double: boolean, without: Box[]) {
  const kept = table.toes.get(parent.id)?.[slot];
  if (kept && clearOf(kept, without, GAP)) return { box: kept, link: null };
  // A double goes only where its three toes will fit beside it: they follow it at once.
  const room = double ? (box: Box) => toeSpots(box) : undefined;
  return findRoom(parent, anchorOf(parent.hub, slot, table.spokes), tileSize(double), without, table.shape, room);
}

/** The open ends' spots, each clear of the tiles and of the spots before it: every end can be clicked. */
function layEnds(table: Table, openEnds: readonly OpenEndInput[]): LaidEnd[] {
  const spots = [...table.boxes];
  const ends: LaidEnd[] = [];
  for (const end of openEnds) {
    const parent = table.laid.get(end.on);
    if (!parent) continue;
    const capacity = parent.hub === 'root' ? table.spokes : parent.hub === 'double' ? 3 : 1;
    const slot = Math.max(0, capacity - end.remaining);
    const line = parent.hub === 'single' ? (parent.line ?? '') : lineName(parent.hub, slot, parent.tile);
    const { box, link } = place(
      table,
      parent,
      slot,
      false,
      spots.filter((b) => b !== parent.box),
    );
    spots.push(box);
    ends.push({ on: end.on, suit: end.suit, box, label: endLabel(end.suit, line), link });
  }
  return ends;
}

/** A box of `size` whose near edge starts `t` out from `from`, going along `angle`. */
function boxAt(from: Point, turned: number, t: number, size: Pick<Box, 'hx' | 'hy'>): Box {
  const angle = ((((turned + 180) % 360) + 360) % 360) - 180;
  const d = direction(angle);
  return { x: from.x + d.x * (t + size.hx), y: from.y + d.y * (t + size.hx), angle, ...size };
}

/**
 * The board's outline: an ellipse of the area a set's tiles cover, stretched to the box's `aspect`
 * (width / height), so a wide box gets a wide board. `beyond` is how far a box lies outside it.
 */
function outline(set: number, aspect: number): { beyond: (box: Box) => number } {
  const radius = Math.max(6, 1.3 * Math.sqrt(tilesIn(set)));
  const stretch = Math.sqrt(Math.min(2.5, Math.max(0.5, aspect)));
  return { beyond: (box) => Math.max(0, Math.hypot(box.x / stretch, box.y * stretch) - radius) };
}

/** Where the three toes of a double lying as `double` lies go, each straight off its anchor. */
function toeSpots(double: Box): Box[] {
  return [0, 1, 2].map((slot) => {
    const anchor = anchorOf('double', slot, 0);
    return besideParent(toTable(double, anchor.at), double.angle + anchor.turn, tileSize(false), double);
  });
}

/** True when every box of `spots` is clear of `others`, of `also` and of each other. */
function allClear(spots: readonly Box[], others: readonly Box[], also: Box): boolean {
  for (const [i, spot] of spots.entries()) {
    if (separation(spot, also) < GAP || !clearOf(spot, others, GAP)) return false;
    for (let j = i + 1; j < spots.length; j++) if (separation(spot, spots[j]!) < GAP) return false;
  }
  return true;
}

/** The nearest clear box going along `angle` from `from`: just far enough from the parent. */
function besideParent(from: Point, angle: number, size: Pick<Box, 'hx' | 'hy'>, parent: Box): Box {
  let t = GAP;
  let box = boxAt(from, angle, t, size);
  while (separation(box, parent) < GAP && t < 4) box = boxAt(from, angle, (t += 0.04), size);
  return box;
}

/**
 * Room for a tile on `parent` at `anchor`: of the clear spots straight on or turned by up to 120
 * degrees, the cheapest, each 15 degrees of turn costing 1 and each half-tile beyond the board's
 * outline (past where the parent already is) costing 5, so lines run straight, then bend along the
 * outline instead of running off. With no clear spot, further out along the same directions. With
 * `room`, a spot counts as clear only when the boxes it gives (a double's toes) are clear too.
 */
function findRoom(
  parent: LaidTile,
  anchor: ReturnType<typeof anchorOf>,
  size: Pick<Box, 'hx' | 'hy'>,
  others: readonly Box[],
  { beyond }: ReturnType<typeof outline>,
  room?: (box: Box) => readonly Box[],
): { box: Box; link: LaidTile['link'] } {
  const from = toTable(parent.box, anchor.at);
  const ahead = parent.box.angle + anchor.turn;
  const already = beyond(parent.box);
  // Clear itself, and (for a double) with room for what must follow it.
  const fits = (box: Box) => clearOf(box, others, GAP) && (!room || allClear(room(box), others, parent.box));
  const tries: Box[] = [];
  let best: { box: Box; cost: number } | null = null;
  for (const [step, turn] of TURNS.entries()) {
    if (best && step >= best.cost) break;
    const pair = (turn === 0 ? [0] : [turn, -turn]).map((t) => besideParent(from, ahead + t, size, parent.box));
    // Of two equal turns, the one that leads away from the middle first: lines open outwards.
    pair.sort((p, q) => Math.hypot(q.x, q.y) - Math.hypot(p.x, p.y));
    tries.push(...pair);
    for (const box of pair) {
      const cost = step + 5 * Math.max(0, beyond(box) - already);
      if ((!best || cost < best.cost) && fits(box)) best = { box, cost };
    }
  }
  if (best) return { box: best.box, link: null };
  // Boxed in: the same directions, ever further out, until one is clear (one always is, past the board).
  for (let step = 1; ; step++) {
    for (const near of tries) {
      const d = direction(near.angle);
      const box = { ...near, x: near.x + d.x * step, y: near.y + d.y * step };
      if (fits(box) && separation(box, parent.box) >= GAP) {
        const to = toTable(box, { x: -box.hx, y: 0 });
        return { box, link: { from, to } };
      }
    }
  }
}

/** A spot past every tile so far (for a placement whose parent is unknown, which the API never sends). */
function farOut(boxes: readonly Box[]): Box {
  const { maxX } = bounds(boxes);
  return { x: maxX + 2, y: 0, angle: 0, hx: 1, hy: 0.5 };
}
