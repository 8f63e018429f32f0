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

const SMALL = 0x30;
const SHAPE = 0x30;
const NULL = 0x40;
const FALSE = 0x41;
const TRUE = 0x42;
const UINT = 0x43;
const NEG = 0x44;
const FLOAT = 0x45;
const STRING = 0x46;
const ARRAY = 0x47;
const OBJECT = 0x48;
const HIGH_TILE = 0x49;
const RECORDS = 0x4a;
const SAME = 0x4b;
/** How a column of a 0x4a is written. */
const VALUES = 0;
const DELTAS = 1;
const SHORT_ARRAY = 0x50;
const WORD = 0x60;
const TILE = 0x80;

const MAX_SUIT = 15;
const TILES: string[] = [];
for (let high = 0; high <= MAX_SUIT; high++) for (let low = 0; low <= high; low++) TILES.push(`${high}-${low}`);
const TILE_INDEX = new Map(TILES.map((t, i) => [t, i]));

/** A vocabulary prepared for encoding: lookups by key list and by word. */
interface Lookup {
  readonly shapes: readonly (readonly string[])[];
  readonly words: readonly string[];
  readonly shapeOf: Map<string, number>;
  readonly wordOf: Map<string, number>;
}

const prepared = new WeakMap<Vocabulary, Lookup>();
function lookup(vocabulary: Vocabulary): Lookup {
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

/** A growing byte buffer. */
class Writer {
  bytes = new Uint8Array(512);
  length = 0;
  /** Every array and object begun so far, by its number. */
  readonly seen = new Map<object, number>();

  byte(b: number): void {
    if (this.length === this.bytes.length) this.grow(1);
    this.bytes[this.length++] = b;
  }

  varint(n: number): void {
    while (n >= 0x80) {
      this.byte((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    this.byte(n);
  }

  raw(chunk: Uint8Array): void {
    if (this.length + chunk.length > this.bytes.length) this.grow(chunk.length);
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
  }

  grow(need: number): void {
    const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + need));
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }
}

const encoder = new TextEncoder();
const LONE_SURROGATE = /\p{Cs}/u;
const decoder = new TextDecoder('utf-8', { fatal: true });

function writeString(w: Writer, text: string, v: Lookup): void {
  const tile = TILE_INDEX.get(text);
  if (tile !== undefined) {
    if (tile < 128) w.byte(TILE + tile);
    else (w.byte(HIGH_TILE), w.byte(tile));
    return;
  }
  const word = v.wordOf.get(text);
  if (word !== undefined) return w.byte(WORD + word);
  // UTF-8 would turn a lone surrogate into U+FFFD: the string would not come back as it was.
  if (LONE_SURROGATE.test(text)) throw new TypeError('a string with a lone surrogate cannot be encoded exactly');
  const bytes = encoder.encode(text);
  w.byte(STRING);
  w.varint(bytes.length);
  w.raw(bytes);
}

function writeNumber(w: Writer, n: number): void {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
    if (n >= 0 && n < SMALL) return w.byte(n);
    w.byte(n >= 0 ? UINT : NEG);
    return w.varint(Math.abs(n));
  }
  if (!Number.isFinite(n)) throw new TypeError(`${n} is not a JSON number`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, n, true);
  w.byte(FLOAT);
  w.raw(bytes);
}

function write(w: Writer, value: unknown, v: Lookup): void {
  if (value === null) return w.byte(NULL);
  switch (typeof value) {
    case 'boolean':
      return w.byte(value ? TRUE : FALSE);
    case 'number':
      return writeNumber(w, value);
    case 'string':
      return writeString(w, value, v);
    case 'object':
      break;
    default:
      throw new TypeError(`a ${typeof value} is not a JSON value`);
  }
  const seen = w.seen.get(value);
  if (seen !== undefined) {
    w.byte(SAME);
    return w.varint(seen);
  }
  w.seen.set(value, w.seen.size);
  if (Array.isArray(value)) return writeArray(w, value, v);
  const keys = ownKeys(value);
  const record = value as Record<string, unknown>;
  const shape = v.shapeOf.get(keys.join('\u0000'));
  if (shape !== undefined) {
    w.byte(SHAPE + shape);
  } else {
    w.byte(OBJECT);
    w.varint(keys.length);
  }
  for (const key of keys) {
    if (shape === undefined) writeString(w, key, v);
    write(w, record[key], v);
  }
  return undefined;
}

/** An object's keys, after checking it is a plain one. */
function ownKeys(value: object): string[] {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new TypeError('only plain objects are JSON objects');
  return Object.keys(value);
}

/** The one shape every item of `items` has (each a plain object met for the first time), or undefined. */
function commonShape(w: Writer, items: readonly unknown[], v: Lookup): number | undefined {
  if (items.length < 2) return undefined;
  let shape: number | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!(i in items) || typeof item !== 'object' || item === null || Array.isArray(item) || w.seen.has(item))
      return undefined;
    const own = v.shapeOf.get(ownKeys(item).join('\u0000'));
    if (own === undefined || (shape !== undefined && own !== shape)) return undefined;
    shape = own;
  }
  return shape;
}

/**
 * One field of every record: as whole numbers, each the difference from the one before (zigzag
 * varints: ids that count up become a run of 1s), when they all are; else value by value.
 */
function writeColumn(w: Writer, items: readonly Record<string, unknown>[], key: string, v: Lookup): void {
  const whole = items.every((item) => Number.isSafeInteger(item[key]) && !Object.is(item[key], -0));
  // A difference of two safe integers can leave the safe range: then value by value.
  let previous = 0;
  const deltas = whole
    ? items.map((item) => (item[key] as number) - previous + 0 * (previous = item[key] as number))
    : [];
  if (whole && deltas.every((d) => Number.isSafeInteger(2 * Math.abs(d)))) {
    w.byte(DELTAS);
    for (const d of deltas) w.varint(d >= 0 ? 2 * d : -2 * d - 1);
    return;
  }
  w.byte(VALUES);
  for (const item of items) write(w, item[key], v);
}

function writeArray(w: Writer, items: readonly unknown[], v: Lookup): void {
  const shape = commonShape(w, items, v);
  if (shape !== undefined) {
    w.byte(RECORDS);
    w.byte(shape);
    w.varint(items.length);
    for (const item of items) w.seen.set(item as object, w.seen.size);
    for (const key of v.shapes[shape]!) writeColumn(w, items as readonly Record<string, unknown>[], key, v);
    return;
  }
  if (items.length < 16) w.byte(SHORT_ARRAY + items.length);
  else (w.byte(ARRAY), w.varint(items.length));
  for (let i = 0; i < items.length; i++) {
    if (!(i in items)) throw new TypeError('an array with holes is not a JSON value');
    write(w, items[i], v);
  }
}

/**
 * The bytes of a JSON value under a vocabulary. Throws a TypeError for what JSON cannot hold.
 * @example encodeCompact({ id: 1, tile: '9-4' }, { shapes: [['id', 'tile']], words: [] }) // 3 bytes
 */
export function encodeCompact(value: unknown, vocabulary: Vocabulary): Uint8Array {
  const w = new Writer();
  write(w, value, lookup(vocabulary));
  return w.bytes.slice(0, w.length);
}

/** Reads values back from bytes, front to back. */
class Reader {
  offset = 0;
  /** Every array and object begun so far, by its number. */
  readonly seen: object[] = [];
  constructor(
    readonly bytes: Uint8Array,
    readonly v: Lookup,
  ) {}

  byte(): number {
    const b = this.bytes[this.offset++];
    if (b === undefined) throw new RangeError('compact value cut short');
    return b;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
    }
  }

  string(tag: number): string {
    if (tag >= TILE) return TILES[tag - TILE]!;
    if (tag === HIGH_TILE) return at(TILES, this.byte(), 'tile');
    if (tag >= WORD && tag < TILE) return at(this.v.words, tag - WORD, 'word');
    if (tag !== STRING) throw new RangeError(`not a string tag: ${tag}`);
    const length = this.varint();
    const end = this.offset + length;
    if (end > this.bytes.length) throw new RangeError('compact value cut short');
    const text = decoder.decode(this.bytes.subarray(this.offset, end));
    this.offset = end;
    return text;
  }

  value(): unknown {
    const tag = this.byte();
    if (tag < SMALL) return tag;
    if (tag < NULL) {
      const keys = at(this.v.shapes, tag - SHAPE, 'shape');
      const record: Record<string, unknown> = {};
      this.seen.push(record);
      for (const key of keys) record[key] = this.value();
      return record;
    }
    if (tag >= SHORT_ARRAY && tag < WORD) return this.items(tag - SHORT_ARRAY);
    switch (tag) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case UINT:
        return this.varint();
      case NEG:
        return -this.varint();
      case FLOAT: {
        if (this.offset + 8 > this.bytes.length) throw new RangeError('compact value cut short');
        const n = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, 8).getFloat64(0, true);
        this.offset += 8;
        return n;
      }
      case ARRAY:
        return this.items(this.varint());
      case OBJECT: {
        const record: Record<string, unknown> = {};
        this.seen.push(record);
        const count = this.varint();
        for (let i = 0; i < count; i++) {
          const key = this.string(this.byte());
          // defineProperty: a key such as "__proto__" must become a property, as JSON.parse makes it.
          Object.defineProperty(record, key, {
            value: this.value(),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        return record;
      }
      case RECORDS:
        return this.records();
      case SAME:
        return at(this.seen, this.varint(), 'earlier value');
      default:
        return this.string(tag);
    }
  }

  items(count: number): unknown[] {
    const items: unknown[] = [];
    this.seen.push(items);
    for (let i = 0; i < count; i++) items.push(this.value());
    return items;
  }

  records(): Record<string, unknown>[] {
    const keys = at(this.v.shapes, this.byte(), 'shape');
    const count = this.varint();
    const items: Record<string, unknown>[] = [];
    this.seen.push(items);
    for (let i = 0; i < count; i++) this.seen.push((items[i] = {}));
    // Keys are set column by column: each record still gets them in the shape's order.
    for (const key of keys) {
      const mode = this.byte();
      if (mode === DELTAS) {
        let previous = 0;
        for (const item of items) {
          const z = this.varint();
          item[key] = previous += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
        }
      } else if (mode === VALUES) {
        for (const item of items) item[key] = this.value();
      } else throw new RangeError(`not a column mode: ${mode}`);
    }
    return items;
  }
}

function at<T>(list: readonly T[], index: number, kind: string): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`no ${kind} ${index} in this vocabulary`);
  return item;
}

/**
 * The JSON value `encodeCompact` wrote, under the same vocabulary. Throws a RangeError on bytes it
 * did not write (cut short, trailing bytes, an unknown shape or word).
 * @example decodeCompact(encodeCompact(state, STATE_VOCABULARY), STATE_VOCABULARY) // deep-equals state
 */
export function decodeCompact(bytes: Uint8Array, vocabulary: Vocabulary): unknown {
  const reader = new Reader(bytes, lookup(vocabulary));
  const value = reader.value();
  if (reader.offset !== bytes.length) throw new RangeError('trailing bytes after a compact value');
  return value;
}
