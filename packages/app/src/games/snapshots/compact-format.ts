/**
 * A compact, exact binary encoding of JSON values, for snapshots that must fit a commit's 1 KB:
 * every value is one tag byte, then what the tag needs. Objects whose keys (in order) are one of the
 * vocabulary's shapes are written as the shape's number and their values; strings that are one of
 * its words, or a tile ("9-4", higher half first), take one byte; small whole numbers are their own
 * tag. Anything else is still encoded, only longer, so any JSON value comes back exactly (keys in the
 * same order); what JSON cannot hold (undefined, functions, holes, lone surrogates) is refused.
 *
 * Tags: 0x00-0x2f the number itself · 0x30-0x3f a shape · 0x40 null · 0x41 false · 0x42 true ·
 * 0x43 whole number (varint) · 0x44 negative whole number (varint of its magnitude) · 0x45 float64 ·
 * 0x46 string (varint length, UTF-8) · 0x47 array (varint length) · 0x48 object (varint count, then
 * key and value pairs) · 0x49 tile 128-135 (one byte more) · 0x4a an array of 2 or more objects
 * of one shape (the shape, the count, then the values field by field: a column of ids, one of tiles,
 * ... which brotli then packs far better than records one by one; a column of whole numbers as
 * zigzag varints of the differences from the one before, a mode byte telling which) · 0x4b the same array or object as
 * the n-th one written before (varint n; the state shares some, e.g. a hand's scores) · 0x50-0x5f an
 * array of 0-15 items · 0x60-0x7f a word · 0x80-0xff tile 0-127 (tile h-l is number h(h+1)/2 + l).
 * Arrays and objects are numbered in the order they are begun, records of a 0x4a before its values.
 */

/** What a format's encoding knows by number: changing it changes the format. */
export interface Vocabulary {
  /** Up to 16 key lists, each written as one byte. */
  readonly shapes: readonly (readonly string[])[];
  /** Up to 32 strings, each written as one byte. */
  readonly words: readonly string[];
}

export const SMALL = 0x30;
export const SHAPE = 0x30;
export const NULL = 0x40;
export const FALSE = 0x41;
export const TRUE = 0x42;
export const UINT = 0x43;
export const NEG = 0x44;
export const FLOAT = 0x45;
export const STRING = 0x46;
export const ARRAY = 0x47;
export const OBJECT = 0x48;
export const HIGH_TILE = 0x49;
export const RECORDS = 0x4a;
export const SAME = 0x4b;
/** How a column of a 0x4a is written. */
export const VALUES = 0;
export const DELTAS = 1;
export const SHORT_ARRAY = 0x50;
export const WORD = 0x60;
export const TILE = 0x80;

const MAX_SUIT = 15;
export const TILES: string[] = [];
for (let high = 0; high <= MAX_SUIT; high++) for (let low = 0; low <= high; low++) TILES.push(`${high}-${low}`);
export const TILE_INDEX = new Map(TILES.map((t, i) => [t, i]));

/** A vocabulary prepared for encoding: lookups by key list and by word. */
export interface Lookup {
  readonly shapes: readonly (readonly string[])[];
  readonly words: readonly string[];
  readonly shapeOf: Map<string, number>;
  readonly wordOf: Map<string, number>;
}

const prepared = new WeakMap<Vocabulary, Lookup>();
export function lookup(vocabulary: Vocabulary): Lookup {
  let found = prepared.get(vocabulary);
  if (!found) {
    if (vocabulary.shapes.length > 16 || vocabulary.words.length > 32) throw new TypeError('vocabulary too large');
    found = {
      shapes: vocabulary.shapes,
      words: vocabulary.words,
      shapeOf: new Map(vocabulary.shapes.map((keys, i) => [keys.join('\u0000'), i])),
      wordOf: new Map(vocabulary.words.map((w, i) => [w, i])),
    };
    prepared.set(vocabulary, found);
  }
  return found;
}
