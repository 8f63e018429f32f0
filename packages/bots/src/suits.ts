import { fullSet, halves, type Tile } from '@chickenfoot/rules';

// Bit s for each suit s of a tile, and its pips, for every tile of the largest set: asked millions of
// times in playouts. Null-prototype objects answer faster than Maps here.
const SUITS: Record<Tile, number | undefined> = Object.create(null);
const PIPS: Record<Tile, number | undefined> = Object.create(null);
for (const t of fullSet(15)) {
  const [high, low] = halves(t);
  SUITS[t] = (1 << high) | (1 << low);
  PIPS[t] = high + low;
}

/** The suits a tile belongs to as a bit set (bit s for suit s); 0 for text that is not a tile. */
export function suitsOf(tile: Tile): number {
  return SUITS[tile] ?? 0;
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

/** What a tile left in hand scores: its pips, or `doubleBlank` for the 0-0. */
export function pipsOf(tile: Tile, doubleBlank: number): number {
  return tile === '0-0' ? doubleBlank : (PIPS[tile] ?? 0);
}
