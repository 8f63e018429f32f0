import { factsOf as tileFacts, type Tile, type TileFacts } from '@chickenfoot/rules';

/** What a bot asks of a tile: the rules' own facts of it (high, low, suits, pips). */
export type Facts = Pick<TileFacts, 'high' | 'low' | 'suits' | 'pips'>;

const NOT_A_TILE: Facts = { high: 0, low: 0, suits: 0, pips: 0 };

/** The facts of a tile (all zero for text that is not a tile). */
export function factsOf(tile: Tile): Facts {
  return tileFacts(tile) ?? NOT_A_TILE;
}

/** The suits a tile belongs to as a bit set (bit s for suit s); 0 for text that is not a tile. */
export function suitsOf(tile: Tile): number {
  return factsOf(tile).suits;
}

/** What a tile left in hand scores: its pips, or `doubleBlank` for the 0-0. */
export function pipsOf(tile: Tile, doubleBlank: number): number {
  return tile === '0-0' ? doubleBlank : factsOf(tile).pips;
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
