import { anyFits, fits, onlyPlacement, type OpenEnd } from './board';
import type { Seat } from './events';
import { isBlocked } from './scoring';
import type { PlayingGame } from './state';
import type { Tile } from './tiles';

/**
 * Moves that involve no choice. The server makes them at once, on the player's behalf, and records
 * them like any other move, so an asynchronous game never waits days for them.
 */
export type ForcedMove =
  /** Nobody can move: the hand ends. */
  | { readonly type: 'blocked' }
  /** The seat in turn lost this turn to a Chickenlittle penalty. */
  | { readonly type: 'skip'; readonly seat: Seat }
  /** Nothing in hand fits and the boneyard is not empty. */
  | { readonly type: 'draw'; readonly seat: Seat; readonly tile: Tile }
  /** Nothing in hand fits and the boneyard is empty, or the tile just drawn does not fit. */
  | { readonly type: 'pass'; readonly seat: Seat }
  /**
   * The seat's only legal move is this play: a drawn tile under `drawnTile: must-play` that fits one end,
   * or, under `autoPlay: only-move`, the one play open to the seat.
   */
  | { readonly type: 'play'; readonly seat: Seat; readonly tile: Tile; readonly end: OpenEnd };

/** The forced move the game is waiting for, or null when the seat in turn has a choice (or the hand is over). */
export function forcedMove(game: PlayingGame): ForcedMove | null {
  const { hand, rules } = game;
  if (hand.over || hand.turn === null) return null;
  const seat = hand.turn;
  const drawn = hand.drawnTile;
  // A drawn tile that does not fit passes the turn with the draw, before anything else is asked.
  if (drawn !== null && !fits(hand, drawn)) return { type: 'pass', seat };
  const tiles = hand.hands[seat] ?? [];
  // A seat in turn with a tile that fits (a fitting drawn tile is one) means nobody is blocked: the
  // scan of every hand is needed only when it has none.
  const canPlay = drawn !== null || anyFits(hand, tiles);
  if (!canPlay && isBlocked(hand)) return { type: 'blocked' };
  if (hand.chickenlittle[seat] === 'penalized') return { type: 'skip', seat };
  if (drawn !== null) {
    // Under may-play the seat may also pass: that is a choice, whatever autoPlay says.
    return rules.drawnTile === 'must-play' ? onlyPlay(game, seat, [drawn]) : null;
  }
  if (canPlay) return rules.autoPlay === 'only-move' ? onlyPlay(game, seat, tiles) : null;
  const top = hand.boneyard[hand.drawn];
  return top === undefined ? { type: 'pass', seat } : { type: 'draw', seat, tile: top };
}

function onlyPlay(game: PlayingGame, seat: Seat, tiles: readonly Tile[]): ForcedMove | null {
  const only = onlyPlacement(game.hand, tiles);
  return only && { type: 'play', seat, tile: only.tile, end: only.end };
}
