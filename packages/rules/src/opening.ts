import type { Seat } from './events';
import type { Shuffle } from './recorder';
import type { Ruleset } from './ruleset';
import { double, factsOf, fullSet, TILE_COUNT, type Tile } from './tiles';

/**
 * Opening a hand: the deal, the double that opens it, and the draws for it when nobody holds it.
 * The holder of the opening double places it as the root as part of the deal.
 */

/** A shuffled deck dealt: `handSize` tiles to each seat, the rest the boneyard in draw order. */
export interface Deal {
  readonly hands: readonly (readonly Tile[])[];
  readonly boneyard: readonly Tile[];
}

/** Shuffles the whole set with `shuffle` and deals it. Throws when `shuffle` is not a permutation. */
export function deal(shuffle: Shuffle, rules: Ruleset, seats: number): Deal {
  const tiles = fullSet(rules.set);
  const deck = [...shuffle(tiles)];
  if (!isPermutation(deck, tiles.length, rules.set)) {
    throw new Error('shuffle must return a permutation of the tiles it was given');
  }
  const size = rules.handSize;
  const hands: Tile[][] = [];
  for (let seat = 0; seat < seats; seat++) hands.push(deck.slice(seat * size, (seat + 1) * size));
  return { hands, boneyard: deck.slice(seats * size) };
}

// Which tiles a deck shows, by `TileFacts.index`: reset by every check (deal is not re-entrant). A Set of
// the set's tiles, built for every deal, cost a good share of self-play's time.
const SEEN = new Uint8Array(TILE_COUNT);

/** True when `deck` holds each of the `count` tiles of the double-`set` set once, each spelled canonically. */
function isPermutation(deck: readonly Tile[], count: number, set: number): boolean {
  let ok = deck.length === count;
  for (let i = 0; ok && i < deck.length; i++) {
    const facts = factsOf(deck[i] as Tile);
    ok = facts !== undefined && facts.tile === deck[i] && facts.high <= set && SEEN[facts.index] === 0;
    if (ok) SEEN[facts?.index ?? 0] = 1;
  }
  SEEN.fill(0);
  return ok;
}

/** The dealer of hand `index`: seat index mod seats. */
export function dealerOf(index: number, seats: number): Seat {
  return index % seats;
}

/**
 * The double that opens the next hand: the highest one that has not opened a hand yet (9-9, then
 * 8-8, ... under `draw`). Under `next-highest`, if nobody holds it, the highest unused double somebody
 * does hold; if nobody holds any, the highest unused one (drawn for).
 */
export function chooseOpener(rules: Ruleset, openers: readonly Tile[], hands: readonly (readonly Tile[])[]): Tile {
  const unused: Tile[] = [];
  for (let suit = rules.set; suit >= 0; suit--) if (!openers.includes(double(suit))) unused.push(double(suit));
  const highest = unused[0] ?? double(0);
  if (rules.opening !== 'next-highest') return highest;
  return unused.find((d) => hands.some((tiles) => tiles.includes(d))) ?? highest;
}

/**
 * Who places the opening double, and the draws it takes when nobody holds it: starting after the
 * dealer, each seat in turn draws one tile until the opener turns up.
 */
export function openingDraws(deal: Deal, opener: Tile, dealer: Seat): { draws: Seat[]; placer: Seat } {
  const seats = deal.hands.length;
  const holder = deal.hands.findIndex((tiles) => tiles.includes(opener));
  if (holder >= 0) return { draws: [], placer: holder };
  // Nobody holds it, so it is in the boneyard: the draws always end by finding it.
  const draws: Seat[] = [];
  let seat = dealer;
  for (const tile of deal.boneyard) {
    seat = (seat + 1) % seats;
    draws.push(seat);
    if (tile === opener) break;
  }
  return { draws, placer: seat };
}
