import type { OpenEnd } from './board';
import { announcementWith } from './chickenlittle';
import type { Seat } from './events';
import { forcedMove, type ForcedMove } from './forced-moves';
import { chooseOpener, deal, dealerOf, openingDraws } from './opening';
import type { Recorder } from './recorder';
import { handScores, handsInGame, winnersOf, type HandEndReason } from './scoring';
import type { PlayingGame, WaitingGame } from './state';
import type { Tile } from './tiles';

/**
 * The course of a hand: the deal, plays, the forced moves after each, the hand's end and the next
 * deal. The rules themselves live in the modules named for them; this only puts their events in order.
 */

/**
 * Places `tile` on `end` for `seat`, then what follows at once: the Chickenlittle announcement that
 * goes with it, or the hand's end when it was their last tile. Returns the game after it, or null when
 * the hand ended.
 */
export function playTile(
  rec: Recorder,
  game: PlayingGame,
  seat: Seat,
  tile: Tile,
  end: OpenEnd,
  how: 'asked' | 'unasked' | 'forced',
): PlayingGame | null {
  const id = game.hand.placements.length;
  const forced = how === 'forced';
  let after = rec.play(game, { type: 'TilePlayed', seat, tile, on: end.id, id, suit: end.suit, forced });
  const left = after.hand.hands[seat]?.length ?? 0;
  if (left === 0) {
    endHand(rec, after, 'out', seat);
    return null;
  }
  const announcement = announcementWith(after.rules.chickenlittle, left, how);
  if (announcement) after = rec.play(after, { type: 'ChickenlittleAnnounced', seat, auto: announcement.auto });
  return after;
}

/** Makes every forced move (see `forcedMove`) until a seat has a choice to make or the game ends. */
export function settle(rec: Recorder, game: PlayingGame): void {
  let now: PlayingGame | null = game;
  while (now) {
    const move = forcedMove(now);
    if (!move) return;
    now = makeForced(rec, now, move);
  }
}

function makeForced(rec: Recorder, game: PlayingGame, move: ForcedMove): PlayingGame | null {
  switch (move.type) {
    case 'blocked':
      endHand(rec, game, 'blocked', null);
      return null;
    case 'skip':
      return rec.play(game, { type: 'TurnSkipped', seat: move.seat });
    case 'draw':
      return rec.play(game, { type: 'TileDrawn', seat: move.seat, tile: move.tile, reason: 'turn', forced: true });
    case 'pass':
      return rec.play(game, { type: 'TurnPassed', seat: move.seat, forced: true });
    case 'play':
      return playTile(rec, game, move.seat, move.tile, move.end, 'forced');
    default: {
      const unknown: never = move;
      throw new Error(`unknown forced move ${JSON.stringify(unknown)}`);
    }
  }
}

/** Scores the hand, then deals the next one or ends the game. */
export function endHand(rec: Recorder, game: PlayingGame, reason: HandEndReason, out: Seat | null): void {
  const { hand, rules } = game;
  const scores = handScores(hand.hands, rules.doubleBlank);
  const ended = rec.play(game, { type: 'HandEnded', hand: hand.index, reason, out, scores, hands: hand.hands });
  if (ended.handScores.length < handsInGame(rules)) return dealHand(rec, ended, hand.index + 1);
  rec.emit({ type: 'GameEnded', totals: ended.totals, winners: winnersOf(ended.totals) });
}

/** Shuffles and deals hand `index`, places its opening double (drawing for it if nobody holds it), and plays on. */
export function dealHand(rec: Recorder, game: WaitingGame | PlayingGame, index: number): void {
  const { rules, seatCount } = game;
  const dealt = deal(rec.context.shuffle, rules, seatCount);
  const opener = chooseOpener(rules, game.openers, dealt.hands);
  const dealer = dealerOf(index, seatCount);
  let now = rec.deal(game, { type: 'HandDealt', hand: index, dealer, opener, ...dealt });

  const { draws, placer } = openingDraws(dealt, opener, dealer);
  draws.forEach((seat, i) => {
    const tile = dealt.boneyard[i] as Tile;
    now = rec.play(now, { type: 'TileDrawn', seat, tile, reason: 'opening', forced: true });
  });
  now = rec.play(now, { type: 'RootPlaced', seat: placer, tile: opener });
  const left = now.hand.hands[placer]?.length ?? 0;
  // With a hand size of 1 the holder places their only tile: that is going out.
  if (left === 0) return endHand(rec, now, 'out', placer);
  // Placing the root is part of the deal, not a play the placer chose: under callout they announce
  // themselves, as after any play of theirs that leaves one tile.
  const announcement = announcementWith(now.rules.chickenlittle, left, 'unasked');
  if (announcement) now = rec.play(now, { type: 'ChickenlittleAnnounced', seat: placer, auto: announcement.auto });
  settle(rec, now);
}
