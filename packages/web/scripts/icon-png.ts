import { crc32, deflateSync } from 'node:zlib';

/**
 * The site's icon (scripts/icon.ts: a domino standing up, 3 over 5) as a square PNG of `size` pixels
 * on the felt's green, for the web app manifest: installing needs raster icons of 192 and 512 pixels.
 * Drawn here pixel by pixel (4×4 samples each, for smooth edges) and encoded with node:zlib: no
 * image library for two small files made at build time.
 * @example writeFileSync('icon-192.png', iconPng(192));
 */
export function iconPng(size: number): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      rgba.set(pixel(((x + 0.5) / size) * 32, ((y + 0.5) / size) * 32, 32 / size), (y * size + x) * 4);
  return png(size, rgba);
}

const FELT = [0x2f, 0x6b, 0x4f];
const TILE = [0xff, 0xfd, 0xf7];
const INK = [0x2b, 0x2a, 0x26];
const RED = [0xb9, 0x1c, 0x1c];
const BLUE = [0x1d, 0x4e, 0xd8];
const PIPS: readonly [number, number, number[]][] = [
  [12, 5, RED],
  [16, 8.5, RED],
  [20, 12, RED],
  [12, 20, BLUE],
  [20, 20, BLUE],
  [16, 23.5, BLUE],
  [12, 27, BLUE],
  [20, 27, BLUE],
];

/** The colour at (x, y) of the icon's 32-unit square, averaged over 4×4 samples of a pixel `step` wide. */
function pixel(cx: number, cy: number, step: number): number[] {
  const sum = [0, 0, 0];
  for (let i = 0; i < 16; i++) {
    const c = colourAt(cx + ((i % 4) - 1.5) * (step / 4), cy + (Math.floor(i / 4) - 1.5) * (step / 4));
    for (let k = 0; k < 3; k++) sum[k]! += c[k]!;
  }
  return [...sum.map((v) => Math.round(v / 16)), 255];
}

/** The colour at one point: the felt, the tile's outline and face, its middle line and its pips. */
function colourAt(x: number, y: number): number[] {
  // The tile, scaled to 80% about the centre so a maskable crop keeps it whole.
  const [u, v] = [16 + (x - 16) / 0.8, 16 + (y - 16) / 0.8];
  const inside = (pad: number) => roundRect(u, v, 8 + pad, 1 + pad, 24 - pad, 31 - pad, 3 - pad);
  if (!inside(-1)) return FELT;
  if (!inside(1)) return INK;
  if (Math.abs(v - 16) < 0.75 && u > 9 && u < 23) return INK;
  for (const [px, py, colour] of PIPS) if (Math.hypot(u - px, v - py) < 1.8) return colour;
  return TILE;
}

function roundRect(x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return dx * dx + dy * dy <= r * r;
}

/** An RGBA image as a PNG: signature, IHDR, one IDAT (each row with filter 0), IEND. */
function png(size: number, rgba: Buffer): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
