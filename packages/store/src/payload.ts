import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * JSON payloads this long or longer are stored brotli-compressed: a game-state snapshot shrinks to a
 * third or less, in less time than a request takes (PERFORMANCE.md). Most events stay far below the
 * threshold and readable as text.
 */
export const COMPRESS_FROM_BYTES = 512;

// Every commit compresses a snapshot and a head on the move path, so speed matters more than the
// last bytes: quality 3 keeps the write units per commit of quality 5 in about half the time
// (PERFORMANCE.md).
const BROTLI = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/**
 * Stores a JSON-serializable value as a string attribute, or a binary one holding brotli-compressed
 * JSON when that is `compressFrom` bytes or longer. The attribute's type tells `decodePayload` which it is.
 * @example encodePayload([{ type: 'TilePlayed' }]) // { S: '[{"type":"TilePlayed"}]' }
 */
export function encodePayload(value: unknown, compressFrom = COMPRESS_FROM_BYTES): AttributeValue {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('the store keeps JSON values only; got undefined or a function');
  if (Buffer.byteLength(json) < compressFrom) return { S: json };
  return { B: brotliCompressSync(json, BROTLI) };
}

/**
 * Reads back what `encodePayload` stored.
 * @example decodePayload({ S: '[1,2]' }) // [1, 2]
 */
export function decodePayload(attribute: AttributeValue | undefined): unknown {
  if (attribute?.S !== undefined) return JSON.parse(attribute.S);
  if (attribute?.B !== undefined) return JSON.parse(brotliDecompressSync(attribute.B).toString('utf8'));
  throw new TypeError('not a stored payload');
}
