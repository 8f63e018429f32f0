import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCompact, encodeCompact, type Vocabulary } from './compact-json';

const VOCABULARY: Vocabulary = { shapes: [['id', 'tile'], ['a']], words: ['none', 'playing'] };
const roundTrip = (value: unknown) => decodeCompact(encodeCompact(value, VOCABULARY), VOCABULARY);

describe('compact JSON', () => {
  it('gives back any JSON value exactly, keys in the same order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const back = roundTrip(value);
        expect(back).toStrictEqual(value);
        expect(JSON.stringify(back)).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  it('writes shapes, words, tiles and small numbers as one byte each', () => {
    expect(encodeCompact({ id: 7, tile: '9-4' }, VOCABULARY)).toEqual(Uint8Array.of(0x30, 7, 0x80 + 45 + 4));
    expect(encodeCompact(['playing', 'none', '0-0', '15-15'], VOCABULARY)).toEqual(
      Uint8Array.of(0x54, 0x61, 0x60, 0x80, 0x49, 135),
    );
    // A tile spelled with its lower half first is not the tile's canonical text: kept as written.
    expect(roundTrip('4-9')).toBe('4-9');
  });

  it('writes records of one shape column by column, whole numbers as differences', () => {
    const records = Array.from({ length: 20 }, (_, id) => ({ id, tile: '9-4' }));
    const bytes = encodeCompact(records, VOCABULARY);
    // tag, shape, count, then the ids (mode + 20 one-byte differences) and the tiles (mode + 20 bytes).
    expect(bytes.length).toBe(3 + 21 + 21);
    expect(roundTrip(records)).toStrictEqual(records);
    const mixed = [
      { id: 2 ** 53 - 1, tile: 'x' },
      { id: -(2 ** 53 - 1), tile: null },
      { id: 0.5, tile: 1 },
    ];
    expect(roundTrip(mixed)).toStrictEqual(mixed);
  });

  it('keeps what the value shared shared, and writes it once', () => {
    const scores = [17, 8, 53, 34];
    const state = { handScores: [scores], pastHands: [{ a: scores }] };
    const back = roundTrip(state) as typeof state;
    expect(back).toStrictEqual(state);
    expect(back.pastHands[0]!.a).toBe(back.handScores[0]);
  });

  it('is exact where JSON text is not, and refuses what JSON cannot hold', () => {
    expect(Object.is(roundTrip(-0), -0)).toBe(true);
    const proto = JSON.parse('{"__proto__": 1, "b": [2]}');
    expect(roundTrip(proto)).toStrictEqual(proto);
    expect(Object.getPrototypeOf(roundTrip(proto))).toBe(Object.prototype);
    for (const bad of [undefined, () => 1, [1, , 3], { a: undefined }, 'lone \ud800', Number.NaN, new Date(0), 1n])
      expect(() => encodeCompact(bad, VOCABULARY)).toThrow(TypeError);
  });

  it('refuses bytes it did not write', () => {
    const bytes = encodeCompact({ id: 1, tile: 'a long string' }, VOCABULARY);
    expect(() => decodeCompact(bytes.subarray(0, bytes.length - 1), VOCABULARY)).toThrow(RangeError);
    expect(() => decodeCompact(Uint8Array.of(...bytes, 0), VOCABULARY)).toThrow(RangeError);
    expect(() => decodeCompact(Uint8Array.of(0x3f), VOCABULARY)).toThrow(RangeError);
    expect(() => decodeCompact(Uint8Array.of(0x7f), VOCABULARY)).toThrow(RangeError);
  });
});
