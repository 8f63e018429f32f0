import { fullSet, halves, type Tile } from '@chickenfoot/rules';

// Bit s for each suit s of a tile, for every tile of the largest set, asked millions of times in playouts.
const SUITS = new Map<Tile, number>();
for (const t of fullSet(15)) {
  const [high, low] = halves(t);
  SUITS.set(t, (1 << high) | (1 << low));
}

/** The suits a tile belongs to as a bit set (bit s for suit s); 0 for text that is not a tile. */
export function suitsOf(tile: Tile): number {
  return SUITS.get(tile) ?? 0;
}

/** The suits open ends accept now: only the must-fill double's while there is one. */
export function openSuitsOf(
  ends: readonly { readonly id: number; readonly suit: number }[],
  mustFill: number | null,
): number {
  let bits = 0;
  for (const end of ends) if (mustFill === null || end.id === mustFill) bits |= 1 << end.suit;
  return bits;
}

// Pips of every tile (the 0-0 apart, whose count is the game's `doubleBlank`).
const PIPS = new Map<Tile, number>();
for (const t of fullSet(15)) {
  const [high, low] = halves(t);
  PIPS.set(t, high + low);
}

/** What a tile left in hand scores: its pips, or `doubleBlank` for the 0-0. */
export function pipsOf(tile: Tile, doubleBlank: number): number {
  return tile === '0-0' ? doubleBlank : (PIPS.get(tile) ?? 0);
}
