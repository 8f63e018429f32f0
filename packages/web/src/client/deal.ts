/**
 * How many tiles each player is dealt when the creator leaves it to the game: docs/rules.md's table,
 * by set and by seats (from 2). Null where the set seats no more.
 */
const USUAL: Record<number, readonly (number | null)[]> = {
  6: [7, 7, 5, 4, null, null, null],
  9: [21, 14, 11, 8, 7, 6, 5],
  12: [15, 15, 15, 12, 12, 11, 10],
  15: [14, 14, 14, 14, 14, 14, 14],
};

/** The tiles in a double-`set` set: 28, 55, 91 or 136. */
export const tilesIn = (set: number) => ((set + 1) * (set + 2)) / 2;

/** The usual deal for a set and a number of seats, or null when the set cannot seat them. */
export function usualHand(set: number, seats: number): number | null {
  return USUAL[set]?.[seats - 2] ?? null;
}

/**
 * What a deal gives: the tiles each player gets (the creator's `handSize`, or the usual one) and how
 * many stay in the boneyard; null when it cannot be dealt (the rules want at least one tile left over).
 * @example dealOf(9, 2, null) // { each: 21, boneyard: 13 }
 */
export function dealOf(set: number, seats: number, handSize: number | null): { each: number; boneyard: number } | null {
  const each = handSize ?? usualHand(set, seats);
  if (each === null || !Number.isInteger(each) || each < 1) return null;
  const boneyard = tilesIn(set) - seats * each;
  return boneyard >= 1 ? { each, boneyard } : null;
}

/** The deal in a sentence, for the new-game form. */
export function dealLine(set: number, seats: number, handSize: number | null): string {
  const deal = dealOf(set, seats, handSize);
  if (!deal) {
    return `${seats} players cannot be dealt ${handSize ?? 'the usual'} tiles each from the double-${set} set's ${tilesIn(set)}: choose fewer.`;
  }
  const usual = handSize === null ? ' (the usual deal)' : '';
  return `Each of the ${seats} players gets ${deal.each} tiles${usual}; ${deal.boneyard} of the ${tilesIn(set)} stay in the boneyard.`;
}
