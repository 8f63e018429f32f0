import { hasPlayable, canPlay, isBlocked } from './board';
import type { Seat } from './events';
import type { Recorder } from './recorder';
import { nextSeat, type GameState, type HandState } from './state';
import { double, fullSet, tileScore, type Tile } from './tiles';

/**
 * Plays every move that involves no choice until a seat has one to make or the game ends:
 * lost turns, draws with nothing playable, passes on an empty boneyard, the end of a blocked
 * hand, and the deal of the next hand. An asynchronous game never waits days for these.
 */
export function settle(rec: Recorder): void {
  for (;;) {
    const hand = rec.state.hand;
    if (!hand || hand.over || hand.turn === null) return;
    if (isBlocked(hand)) return endHand(rec, 'blocked', null);
    const seat = hand.turn;
    if (hand.chickenlittle[seat] === 'penalized') {
      rec.emit({ type: 'TurnSkipped', seat });
      continue;
    }
    if (hand.drawnTile !== null || hasPlayable(hand, seat)) return;
    const top = hand.boneyard[hand.drawn];
    if (top !== undefined) {
      rec.emit({ type: 'TileDrawn', seat, tile: top, reason: 'turn', forced: true });
      if (canPlay(currentHand(rec), top)) return;
    }
    rec.emit({ type: 'TurnPassed', seat, forced: true });
  }
}

/** Scores the hand, then deals the next one or ends the game. */
export function endHand(rec: Recorder, reason: 'out' | 'blocked', out: Seat | null): void {
  const { rules } = rec.state;
  const hand = currentHand(rec);
  const doubleBlank = rules?.doubleBlank ?? 0;
  const scores = hand.hands.map((tiles) => tiles.reduce((sum, t) => sum + tileScore(t, doubleBlank), 0));
  rec.emit({ type: 'HandEnded', hand: hand.index, reason, out, scores });

  const { totals, handScores } = rec.state;
  if (handScores.length < (rules?.set ?? 0) + 1) return dealHand(rec, hand.index + 1);
  const best = Math.min(...totals);
  const winners = totals.flatMap((total, seat) => (total === best ? [seat] : []));
  rec.emit({ type: 'GameEnded', totals, winners });
}

/** Shuffles and deals hand `index`, places its opening double (drawing for it if nobody holds it). */
export function dealHand(rec: Recorder, index: number): void {
  const { rules, seatCount } = rec.state;
  if (!rules) return;
  const deck = shuffled(rec, fullSet(rules.set));
  const hands = Array.from({ length: seatCount }, (_, seat) =>
    deck.slice(seat * rules.handSize, (seat + 1) * rules.handSize),
  );
  const boneyard = deck.slice(seatCount * rules.handSize);
  const opener = chooseOpener(rec.state, hands);
  const dealer = index % seatCount;
  rec.emit({ type: 'HandDealt', hand: index, dealer, opener, hands, boneyard });

  let placer = hands.findIndex((tiles) => tiles.includes(opener));
  if (placer < 0) {
    // Starting after the dealer, each seat draws in turn until the opening double turns up.
    // It is in the boneyard (nobody holds it), so the loop always ends by finding it.
    placer = nextSeat(rec.state, dealer);
    for (const tile of boneyard) {
      rec.emit({ type: 'TileDrawn', seat: placer, tile, reason: 'opening', forced: true });
      if (tile === opener) break;
      placer = nextSeat(rec.state, placer);
    }
  }
  rec.emit({ type: 'RootPlaced', seat: placer, tile: opener });
  // With a hand size of 1 the holder places their only tile: that is going out.
  if (currentHand(rec).hands[placer]?.length === 0) endHand(rec, 'out', placer);
  else settle(rec);
}

/**
 * The double that opens the next hand: the highest one that has not opened a hand yet
 * (9-9, then 8-8, ... under `draw`). Under `next-highest`, if nobody holds it, the highest
 * unused double somebody does hold; if nobody holds any, the highest unused one (drawn for).
 */
function chooseOpener(state: GameState, hands: readonly (readonly Tile[])[]): Tile {
  const set = state.rules?.set ?? 0;
  const unused: Tile[] = [];
  for (let suit = set; suit >= 0; suit--) if (!state.openers.includes(double(suit))) unused.push(double(suit));
  const highest = unused[0] ?? double(0);
  if (state.rules?.opening !== 'next-highest') return highest;
  return unused.find((d) => hands.some((tiles) => tiles.includes(d))) ?? highest;
}

function shuffled(rec: Recorder, tiles: readonly Tile[]): Tile[] {
  const deck = [...rec.context.shuffle(tiles)];
  const expected = new Set(tiles);
  if (deck.length !== tiles.length || deck.some((t) => !expected.delete(t))) {
    throw new Error('shuffle must return a permutation of the tiles it was given');
  }
  return deck;
}

/** The hand in play; flow functions are only called while there is one. */
export function currentHand(rec: Recorder): HandState {
  const hand = rec.state.hand;
  if (!hand) throw new Error('no hand in play');
  return hand;
}
