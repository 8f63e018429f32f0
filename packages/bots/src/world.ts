import { NO_SETUP, type GameView, type PlayingGame, type RandomInt, type Seat, type Tile } from '@chickenfoot/rules';
import type { Knowledge } from './knowledge';
import { openSuitsOf, suitsOf } from './suits';

/** The hidden part of a game, as one sample guesses it: every seat's tiles and the boneyard in draw order. */
export interface HiddenDeal {
  readonly hands: readonly (readonly Tile[])[];
  readonly boneyard: readonly Tile[];
}

/**
 * Builds full game states of the rules' shape from a seat's view and a guess at what it cannot see.
 * Everything but the hands and the boneyard comes from the view, once; each sample only adds the guess.
 * `lastHand`: count the hand in play as the game's last, so that the engine ends the game when it ends
 * instead of shuffling and dealing a next hand that a playout would never play (a sixth of its time).
 */
export function worldOf(
  view: GameView,
  options: { readonly lastHand?: boolean } = {},
): (deal: HiddenDeal) => PlayingGame {
  const hand = view.hand;
  if (view.status !== 'playing' || !hand || !view.rules) throw new Error('a world is only built in play');
  const rules = view.rules;
  const ends = hand.openEnds.map((e) => ({ id: e.on, suit: e.suit, remaining: e.remaining }));
  const players = view.seats.map((s) => s.player);
  const bots = view.seats.map((s) => s.bot);
  const chickenlittle = view.seats.map((s) => s.chickenlittle);
  const openers = [...view.pastHands.map((h) => h.opener), hand.opener];
  const openSuits = openSuitsOf(ends, hand.mustFill);
  const drawnTile = hand.drawnBy !== null && hand.drawnBy === view.viewer ? view.drawnTile : null;
  const handScores = [...view.handScores];
  const zeros = view.seats.map(() => 0);
  while (options.lastHand && handScores.length < rules.set) handScores.push(zeros);
  return (deal) => ({
    status: 'playing',
    rules,
    seatCount: view.seats.length,
    players,
    bots,
    hand: {
      index: hand.index,
      dealer: hand.dealer,
      opener: hand.opener,
      hands: deal.hands,
      boneyard: deal.boneyard,
      drawn: 0,
      placements: hand.board,
      ends,
      mustFill: hand.mustFill,
      openSuits,
      turn: hand.turn,
      drawnTile,
      chickenlittle,
      over: false,
    },
    openers,
    handScores,
    totals: view.totals,
    winners: null,
    pastHands: view.pastHands,
    setup: NO_SETUP,
  });
}

/**
 * Deals the unseen tiles at random to the other seats and the boneyard, consistently with what the seat
 * knows (no tile where a seat was shown to lack its suits), the most constrained tiles first. After a few
 * dead ends it deals ignoring the voids, so a sample always exists.
 */
export function sampleDeal(knowledge: Knowledge, me: Seat, own: readonly Tile[], random: RandomInt): HiddenDeal {
  const slots: { seat: Seat; voids: number; weight: number }[] = [];
  knowledge.voids.forEach((voids, seat) => {
    for (const v of voids) slots.push({ seat, voids: v, weight: bitCount(v) });
  });
  slots.sort((a, b) => b.weight - a.weight);
  for (let attempt = 0; attempt < 8; attempt++) {
    const deal = tryDeal(knowledge, slots, me, own, random, attempt < 7);
    if (deal) return deal;
  }
  throw new Error('unreachable: a deal without voids always succeeds');
}

function tryDeal(
  knowledge: Knowledge,
  slots: readonly { seat: Seat; voids: number }[],
  me: Seat,
  own: readonly Tile[],
  random: RandomInt,
  withVoids: boolean,
): HiddenDeal | null {
  const pool = shuffled(knowledge.unseen, random);
  const hands: Tile[][] = knowledge.voids.map(() => []);
  hands[me] = own.slice();
  for (const slot of slots) {
    const voids = withVoids ? slot.voids : 0;
    let at = -1;
    for (let i = 0; i < pool.length; i++) {
      if ((suitsOf(pool[i] as Tile) & voids) === 0) {
        at = i;
        break;
      }
    }
    if (at < 0) return null;
    hands[slot.seat]?.push(pool[at] as Tile);
    pool[at] = pool[pool.length - 1] as Tile;
    pool.pop();
  }
  return { hands, boneyard: shuffled(pool, random) };
}

function shuffled(tiles: readonly Tile[], random: RandomInt): Tile[] {
  const deck = tiles.slice();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random(i + 1);
    const swap = deck[i] as Tile;
    deck[i] = deck[j] as Tile;
    deck[j] = swap;
  }
  return deck;
}

function bitCount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
}
