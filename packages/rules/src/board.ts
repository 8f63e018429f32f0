import type { Seat } from './events';
import { reject, type RejectionOf } from './rejections';
import { factsOf, halves, suitBits, type Tile } from './tiles';

/**
 * The table of a hand and what fits where on it: the root double and its spokes, the toes a double takes,
 * the one double that must be filled before play goes elsewhere (must-fill), and the open ends.
 * `evolve` moves it on, `decide` and `legalMoves` ask it.
 */

/** Tiles a double other than the root accepts (its toes) before play may go elsewhere. */
export const TOES = 3;

/** A tile on the table. */
export interface Placement {
  readonly id: number;
  readonly tile: Tile;
  /** The placement it went against (null for the root). */
  readonly on: number | null;
  /**
   * Where on `on` it sits, for drawing the board: the spoke index (0 to spokes - 1) on the root, the toe
   * index (0 to 2) on another double, 0 on a single tile's one end (and for the root itself).
   */
  readonly slot: number;
  /** The suit it shares with the placement it went against (the root: its own suit). */
  readonly suit: number;
  readonly seat: Seat;
}

/** A placement that still accepts tiles: `remaining` more of `suit`. */
export interface OpenEnd {
  readonly id: number;
  readonly suit: number;
  readonly remaining: number;
}

/** The board's part of a hand's state. */
export interface Board {
  readonly placements: readonly Placement[];
  readonly ends: readonly OpenEnd[];
  /** The double (root or not) that must be filled before play goes elsewhere: its placement id. */
  readonly mustFill: number | null;
  /**
   * The suits a tile may be played on now, as a bit set (see `suitBits`): only the must-fill double's
   * while there is one. Kept so "does this tile fit anywhere" is one AND, millions of times in self-play.
   */
  readonly openSuits: number;
}

/** What a play puts on the board (a `TilePlayed` event has these fields). */
export interface Play {
  readonly seat: Seat;
  readonly tile: Tile;
  readonly on: number;
  readonly id: number;
  readonly suit: number;
}

type Draft<T> = { -readonly [K in keyof T]: T[K] };

/** Sets `next` to the board whose root is `tile`: it takes `spokes` tiles of its suit before anything else. */
export function placeRoot(next: Draft<Board>, tile: Tile, seat: Seat, spokes: number): void {
  const suit = halves(tile)[0];
  next.placements = [{ id: 0, tile, on: null, slot: 0, suit, seat }];
  next.ends = [{ id: 0, suit, remaining: spokes }];
  next.mustFill = 0;
  next.openSuits = 1 << suit;
}

/**
 * Puts a played tile on `next`, the board it goes on: evolve's fresh copy (the fields are replaced, the
 * arrays they held are never changed), or with `own` the caller's own board, changed in place (see
 * `fold`). A double becomes the must-fill double with three toes to take; a single tile exposes its
 * other half as one new end.
 */
export function placeTile(next: Draft<Board>, play: Play, spokes: number, own = false): void {
  const facts = factsOf(play.tile);
  const double = facts?.double === true;
  const mustFill = next.mustFill;
  // -1 when no double waits (no placement has that id): comparing ids with a number|null took V8's
  // generic equality call at every end.
  const fill = mustFill ?? -1;
  // One pass over the ends writes the new list (over the old one, in place) and both suit sets
  // openSuits may end up as: every end's (when no double waits) and the waiting double's alone.
  const before = next.ends;
  const ends: Draft<OpenEnd>[] = own ? (before as Draft<OpenEnd>[]) : [];
  const count = before.length;
  let kept = 0;
  let filled = false;
  let slot = 0;
  let allSuits = 0;
  let fillSuits = 0;
  for (let i = 0; i < count; i++) {
    let end = before[i] as Draft<OpenEnd>;
    if (end.id === play.on) {
      slot = capacity(next.placements, end.id, spokes) - end.remaining;
      if (end.remaining <= 1) {
        filled = true;
        continue;
      }
      if (own) end.remaining--;
      else end = { id: end.id, suit: end.suit, remaining: end.remaining - 1 };
    }
    // In place, an end that stays where it was is not written again.
    if (!own || kept !== i) ends[kept] = end;
    kept++;
    allSuits |= 1 << end.suit;
    if (end.id === fill) fillSuits |= 1 << end.suit;
  }
  // In place, the list is one shorter when an end closed (pop: setting length is a call into the runtime).
  while (ends.length > kept) ends.pop();
  const exposed = double || !facts ? play.suit : facts.high === play.suit ? facts.low : facts.high;
  // Appended by writing at its length: push was a builtin call here (the list is a fresh [] or the
  // hand's own, two shapes), the write is made inline.
  ends[kept] = { id: play.id, suit: exposed, remaining: double ? TOES : 1 };
  allSuits |= 1 << exposed;
  if (play.id === fill) fillSuits |= 1 << exposed;

  const placement = { id: play.id, tile: play.tile, on: play.on, slot, suit: play.suit, seat: play.seat };
  // A spread sizes the copy once; slice then push copied the list twice.
  if (own) (next.placements as Placement[]).push(placement);
  else next.placements = [...next.placements, placement];
  next.ends = ends;
  if (double) {
    next.mustFill = play.id;
    next.openSuits = 1 << exposed;
  } else {
    if (filled && fill === play.on) next.mustFill = null;
    next.openSuits = next.mustFill === null ? allSuits : fillSuits;
  }
}

/** Tiles placement `id` takes in all: the root its spokes, another double its toes, a single tile one. */
function capacity(placements: readonly Placement[], id: number, spokes: number): number {
  const placement = placements[id];
  if (!placement || placement.on === null) return spokes;
  return factsOf(placement.tile)?.double ? TOES : 1;
}

/** True when `tile` fits some open end now. */
export function fits(board: Board, tile: Tile): boolean {
  return (suitBits(tile) & board.openSuits) !== 0;
}

/** True when some tile of `tiles` fits an open end now. */
export function anyFits(board: Board, tiles: readonly Tile[]): boolean {
  for (const tile of tiles) if ((suitBits(tile) & board.openSuits) !== 0) return true;
  return false;
}

/**
 * True when a tile of `suits` (its `suitBits`, asked once per tile by the loops that call this for
 * every end) may go on `end` now: it shows the end's suit, and no other double waits to be filled.
 */
export function fitsEnd(board: Board, suits: number, end: OpenEnd): boolean {
  return (board.mustFill === null || end.id === board.mustFill) && (suits & (1 << end.suit)) !== 0;
}

/** The one place any tile of `tiles` can go now, or null when there is none or more than one. */
export function onlyPlacement(board: Board, tiles: readonly Tile[]): { tile: Tile; end: OpenEnd } | null {
  let only: { tile: Tile; end: OpenEnd } | null = null;
  for (const tile of tiles) {
    const suits = suitBits(tile);
    if ((suits & board.openSuits) === 0) continue;
    for (const end of board.ends) {
      if (!fitsEnd(board, suits, end)) continue;
      if (only) return null;
      only = { tile, end };
    }
  }
  return only;
}

/**
 * The open end a play of `tile` against placement `on` takes, or why it may not go there: the placement
 * does not exist, another double must be filled first, the placement has no open end left, or the tile
 * does not show the end's suit (a double, in particular, goes only on an end of its own suit).
 */
export function endFor(board: Board, tile: Tile, on: number): OpenEnd | RejectionOf<'play'> {
  const target = board.placements[on];
  if (!Number.isInteger(on) || !target) {
    return reject('rules/unknown-placement', `There is no placement ${String(on)} on the table.`);
  }
  const { mustFill } = board;
  if (mustFill !== null && on !== mustFill) {
    const left = endWithId(board.ends, mustFill)?.remaining ?? 0;
    return reject(
      'rules/must-fill-double',
      `The double ${board.placements[mustFill]?.tile} (placement ${mustFill}) needs ${left} more tile(s) of its suit before play can go anywhere else.`,
    );
  }
  const end = endWithId(board.ends, on);
  if (!end) return reject('rules/end-closed', `Placement ${on} (${target.tile}) has no open end left.`);
  if ((suitBits(tile) & (1 << end.suit)) === 0) {
    return reject(
      'rules/suit-mismatch',
      `${tile} has no ${end.suit}: placement ${on} (${target.tile}) takes only tiles of suit ${end.suit}.`,
    );
  }
  return end;
}

/** The open end of placement `id`, or undefined when it has none. */
export function endWithId(ends: readonly OpenEnd[], id: number): OpenEnd | undefined {
  for (const end of ends) if (end.id === id) return end;
  return undefined;
}
