import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, decodePayload, encodePayload } from './payload';

describe('payloads', () => {
  it('round-trips any JSON value, as JSON.stringify would', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(decodePayload(encodePayload(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('keeps short JSON as readable text and compresses long JSON', () => {
    expect(encodePayload([{ type: 'TilePlayed', tile: '9-4' }])).toEqual({ S: '[{"type":"TilePlayed","tile":"9-4"}]' });
    const state = { boneyard: Array.from({ length: 200 }, (_, i) => `${i % 10}-${i % 7}`) };
    const stored = encodePayload(state);
    expect(stored.B).toBeInstanceOf(Uint8Array);
    expect(stored.B?.length).toBeLessThan(JSON.stringify(state).length / 3);
    expect(JSON.stringify(state).length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(decodePayload(stored)).toEqual(state);
  });

  it('compresses shorter JSON when asked, and reads it back the same way', () => {
    const head = {
      version: 12,
      status: 'playing',
      turn: 'p2',
      seats: ['p1', 'p2', 'p3', 'p4'].map((id) => ({ playerId: id, name: `Player ${id}` })),
      totals: [10, 0, 25, 7],
    };
    const json = JSON.stringify(head);
    expect(json.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(encodePayload(head)).toEqual({ S: json });
    const stored = encodePayload(head, 128);
    expect(stored.B?.length).toBeLessThan(json.length * 0.8);
    expect(decodePayload(stored)).toEqual(head);
  });

  it('refuses what JSON cannot hold, and reads nothing it did not write', () => {
    expect(() => encodePayload(undefined)).toThrow(/JSON/);
    expect(() => decodePayload({ N: '1' })).toThrow(/payload/);
    expect(() => decodePayload(undefined)).toThrow(/payload/);
  });
});
