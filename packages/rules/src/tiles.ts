/** A domino written `"a-b"` with the higher half first: `"9-4"`, `"0-0"`. */
export type Tile = string;

/** The sizes of double-N sets the engine plays with. */
export const SET_SIZES = [6, 9, 12, 15] as const;
/** N of a double-N set. */
export type SetSize = (typeof SET_SIZES)[number];

/** The largest N any supported set reaches; tables below are precomputed up to it. */
const MAX_SUIT = 15;

/** What the rules ask of a tile, computed once per tile (see `FACTS`). */
export interface TileFacts {
  /** The canonical spelling (higher half first), one shared string per tile. */
  readonly tile: Tile;
  readonly halves: readonly [high: number, low: number];
  readonly high: number;
  readonly low: number;
  readonly double: boolean;
  /** Its pips, high + low (at a hand's end the 0-0 counts the game's `doubleBlank`: see `tileScore`). */
  readonly pips: number;
  /** Bit s set for each suit s the tile belongs to. */
  readonly suits: number;
  /** Its place in the largest set, 0 to `TILE_COUNT` - 1: for tables indexed by tile. */
  readonly index: number;
}

/** How many tiles the largest supported set has: `TileFacts.index` is below it. */
export const TILE_COUNT = ((MAX_SUIT + 1) * (MAX_SUIT + 2)) / 2;

// Rule checks ask about tiles millions of times in self-play, so every tile of the largest set
// is parsed once, under both spellings. A null-prototype object beat a Map for these lookups.
const FACTS: Record<string, TileFacts | undefined> = Object.create(null);
for (let high = 0; high <= MAX_SUIT; high++) {
  for (let low = 0; low <= high; low++) {
    const facts: TileFacts = {
      tile: internalized(`${high}-${low}`),
      halves: [high, low],
      high,
      low,
      double: high === low,
      pips: high + low,
      suits: (1 << high) | (1 << low),
      index: (high * (high + 1)) / 2 + low,
    };
    FACTS[`${high}-${low}`] = facts;
    FACTS[`${low}-${high}`] = facts;
  }
}
// The doubles' canonical strings, so `double(s)` neither builds a string nor makes one that other
// tiles' comparisons must read character by character.
const DOUBLES: readonly Tile[] = Array.from({ length: MAX_SUIT + 1 }, (_, s) => FACTS[`${s}-${s}`]?.tile ?? '');

// A property key is V8's interned copy of its text: as the one spelling every state, move and event
// shares, a tile looks itself up without being hashed and interned again, and two tiles compare by
// reference alone in includes and indexOf.
function internalized(text: string): string {
  return Object.keys({ [text]: 0 })[0] ?? text;
}

// The tiles of sets up to double-9 are three characters, "a-b": read by their digits, they need no
// lookup by name (a dictionary probe took twice as long). BY_DIGITS[10 * a + b] is "a-b"'s facts.
const BY_DIGITS: readonly TileFacts[] = Array.from(
  { length: 100 },
  (_, i) => FACTS[`${Math.floor(i / 10)}-${i % 10}`] as TileFacts,
);

/** Everything the rules ask of a tile in one lookup, or undefined for text that is not a tile. */
export function factsOf(t: Tile): TileFacts | undefined {
  if (t.length === 3) {
    // Two digits, "a?b", pick the facts of "a-b"; the text is that tile only if it is its canonical
    // spelling (a comparison by reference for the interned tiles): so the middle character need not be
    // read (each read of a character costs a check of the string's kind), and anything else, "4-9"
    // included, is looked up by name.
    const at = 10 * t.charCodeAt(0) + t.charCodeAt(2) - 11 * 48;
    const facts = at >>> 0 < 100 ? BY_DIGITS[at] : undefined;
    if (facts !== undefined && facts.tile === t) return facts;
  }
  return FACTS[t];
}

/**
 * Writes the tile with halves `a` and `b`, higher half first.
 * @example tile(4, 9) // "9-4"
 */
export function tile(a: number, b: number): Tile {
  return a >= b ? `${a}-${b}` : `${b}-${a}`;
}

/**
 * Reads a tile written with its halves in either order and returns its canonical spelling,
 * or `null` when the text is not a tile of the double-`n` set.
 * @example normalizeTile("4-9", 9) // "9-4"
 */
export function normalizeTile(text: string, n: number): Tile | null {
  const facts = FACTS[text];
  return facts && facts.high <= n ? facts.tile : null;
}

/** The two halves of a canonical tile, higher first. Throws on text that is not a tile. */
export function halves(t: Tile): readonly [number, number] {
  const facts = FACTS[t];
  if (!facts) throw new Error(`not a tile: ${JSON.stringify(t)}`);
  return facts.halves;
}

/** The suits a tile belongs to as a bit set (bit s for suit s); 0 for text that is not a tile. */
export function suitBits(t: Tile): number {
  return factsOf(t)?.suits ?? 0;
}

/** True when the tile belongs to `suit` (either half shows it). */
export function hasSuit(t: Tile, suit: number): boolean {
  return (suitBits(t) & (1 << suit)) !== 0;
}

/** True for a double such as `"5-5"`. */
export function isDouble(t: Tile): boolean {
  return FACTS[t]?.double === true;
}

/** The half left exposed when `t` is placed against an end of `suit` (for a double, `suit` itself). */
export function otherHalf(t: Tile, suit: number): number {
  const facts = FACTS[t];
  if (!facts) throw new Error(`not a tile: ${JSON.stringify(t)}`);
  return facts.high === suit ? facts.low : facts.high;
}

/** The double of a suit: `double(9)` is `"9-9"`. */
export function double(suit: number): Tile {
  return DOUBLES[suit] ?? `${suit}-${suit}`;
}

/** Pips a tile counts for at the end of a hand; the double-blank counts `doubleBlank` instead of 0. */
export function tileScore(t: Tile, doubleBlank: number): number {
  const facts = factsOf(t);
  if (!facts) throw new Error(`not a tile: ${JSON.stringify(t)}`);
  return facts.high === 0 ? doubleBlank : facts.high + facts.low;
}

const FULL_SETS = new Map<number, readonly Tile[]>();

/**
 * Every tile of the double-`n` set, each once, in a fixed order (highest first).
 * @example fullSet(6).length // 28
 */
export function fullSet(n: number): readonly Tile[] {
  let tiles = FULL_SETS.get(n);
  if (!tiles) {
    const list: Tile[] = [];
    for (let high = n; high >= 0; high--) {
      for (let low = high; low >= 0; low--) list.push(FACTS[`${high}-${low}`]?.tile ?? `${high}-${low}`);
    }
    tiles = Object.freeze(list);
    FULL_SETS.set(n, tiles);
  }
  return tiles;
}
