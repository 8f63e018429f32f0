import type { Move, Tile } from '@chickenfoot/rules';
import type { BotInput } from './bot-input';
import { moveChoices, playsOf } from './moves';
import { factsOf, type Facts } from './suits';

/** An open end as a play sees it: its suit and how many more tiles it takes. */
export interface EndLike {
  readonly suit: number;
  readonly remaining: number;
}

// Weights of the greedy judgement, in pips. Shedding pips comes first; the rest breaks near-ties.
const FOLLOW = 2; // per tile (up to two) of the exposed suit we still hold: we can play on next turn
const EXPOSE = 0.3; // per pip of a suit we expose and do not hold: it helps others shed high tiles
const COVER = 0.3; // per pip of an end we close: one high end fewer for others
const GOING_OUT = 1_000;

/** A hand as the greedy judgement reads it: its size, its tiles of each suit, whether it holds the 0-0. */
export interface HeldSuits {
  size: number;
  readonly perSuit: Int32Array;
  blank: boolean;
}

/**
 * Counts `held` into `into` (reused by playouts, which judge every step), or a new summary. `facts`, when
 * given, gets each tile's facts at its index, so a playout's policy looks each tile up once a step.
 */
export function heldSuits(held: readonly Tile[], into?: HeldSuits, facts?: Facts[]): HeldSuits {
  const summary = into ?? { size: 0, perSuit: new Int32Array(16), blank: false };
  // A loop: fill (a builtin call) cost more, at every step of every playout.
  for (let suit = 0; suit < summary.perSuit.length; suit++) summary.perSuit[suit] = 0;
  summary.size = held.length;
  summary.blank = false;
  for (let i = 0; i < held.length; i++) {
    const tile = held[i] as Tile;
    const tileFacts = factsOf(tile);
    if (facts) facts[i] = tileFacts;
    const { high, low } = tileFacts;
    summary.perSuit[high]!++;
    if (low !== high) summary.perSuit[low]!++;
    if (tile === '0-0') summary.blank = true;
  }
  return summary;
}

/**
 * How good it is to play `tile` on `end` from a hand counted by `heldSuits`: its pips (the 0-0 counting
 * `doubleBlank`, so it goes early at 50 and stays at 0), plus a little for leaving an end we can follow
 * on, and for covering a high end, minus a little for opening a high suit we lack. Going out beats all.
 */
export function judgePlay(held: HeldSuits, tile: Tile, end: EndLike, doubleBlank: number): number {
  const { high, low, pips } = factsOf(tile);
  const exposed = high === low || high !== end.suit ? high : low;
  const closes = end.remaining === 1 ? end.suit : -1;
  return judgeParts(held, tile === '0-0' ? doubleBlank : pips, exposed, tile === '0-0', closes, doubleBlank);
}

/**
 * `judgePlay` from its parts, for callers that know them already: a tile of `pips` (the 0-0's counted
 * as `doubleBlank`) leaving an end of suit `exposed` and closing an end of suit `closes` (-1: none).
 */
export function judgeParts(
  held: HeldSuits,
  pips: number,
  exposed: number,
  isBlank: boolean,
  closes: number,
  doubleBlank: number,
): number {
  if (held.size === 1) return GOING_OUT;
  const follow = (held.perSuit[exposed] ?? 0) - 1; // the tile itself shows the exposed suit
  let value = pips;
  value += follow > 0 ? FOLLOW * Math.min(follow, 2) : -EXPOSE * exposed;
  // Opening a 0 end while holding the double-blank is the way to get rid of it.
  if (exposed === 0 && held.blank && !isBlank) value += doubleBlank / 10;
  if (closes >= 0) value += COVER * closes;
  return value;
}

/** `judgePlay` for a hand given as its tiles (which include `tile`). */
export function playValue(held: readonly Tile[], tile: Tile, end: EndLike, doubleBlank: number): number {
  return judgePlay(heldSuits(held), tile, end, doubleBlank);
}

/**
 * Sheds high pips first, with Chickenfoot sense (see `playValue`); announces Chickenlittle (with the play
 * that leaves one tile, or out of turn), and calls out every lapse it is offered, the leader's first.
 */
export function greedyMove(input: BotInput): Move | null {
  const { view } = input;
  const { turn, announce, callouts } = moveChoices(view);
  if (announce) return announce;
  if (callouts.length > 0) {
    const total = (seat: number) => view.seats[seat]?.totalScore ?? 0;
    return callouts.reduce((best, c) => (total(c.seat) < total(best.seat) ? c : best));
  }
  const held = heldSuits(view.yourTiles ?? []);
  const ends = new Map((view.hand?.openEnds ?? []).map((e) => [e.on, e]));
  const doubleBlank = view.rules?.doubleBlank ?? 0;
  let best: Move | null = null;
  let bestValue = -Infinity;
  for (const play of playsOf(turn)) {
    const end = ends.get(play.on);
    const value = end ? judgePlay(held, play.tile, end, doubleBlank) : -Infinity;
    if (value > bestValue) [best, bestValue] = [play, value];
  }
  // The only other turn move is the pass after a draw: greedy plays the drawn tile when it can.
  return best ?? turn[0] ?? null;
}
