import {
  ARRAY,
  DELTAS,
  FALSE,
  FLOAT,
  HIGH_TILE,
  lookup,
  NEG,
  NULL,
  OBJECT,
  RECORDS,
  SAME,
  SHAPE,
  SHORT_ARRAY,
  SMALL,
  STRING,
  TILE,
  TILE_INDEX,
  TRUE,
  UINT,
  VALUES,
  WORD,
  type Lookup,
  type Vocabulary,
} from './compact-format';

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
