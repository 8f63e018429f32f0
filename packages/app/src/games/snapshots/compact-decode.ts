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
  TILES,
  TRUE,
  UINT,
  VALUES,
  WORD,
  type Lookup,
  type Vocabulary,
} from './compact-format';

const decoder = new TextDecoder('utf-8', { fatal: true });

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
