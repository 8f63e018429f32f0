import { halves, hasSuit, tileScore, type Move, type Tile } from '@chickenfoot/rules';
import type { BotInput } from './bot-input';
import { moveChoices, playsOf } from './moves';

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

/**
 * How good it is to play `tile` on `end` holding `held` (which includes `tile`): its pips (the 0-0 counting
 * `doubleBlank`, so it goes early at 50 and stays at 0), plus a little for leaving an end we can follow
 * on, and for covering a high end, minus a little for opening a high suit we lack. Going out beats all.
 */
export function playValue(held: readonly Tile[], tile: Tile, end: EndLike, doubleBlank: number): number {
  if (held.length === 1) return GOING_OUT;
  const [high, low] = halves(tile);
  const exposed = high === low || high !== end.suit ? high : low;
  let follow = 0;
  let blankToCome = false;
  for (const other of held) {
    if (other === tile || !hasSuit(other, exposed)) continue;
    follow++;
    if (other === '0-0') blankToCome = true;
  }
  let value = tileScore(tile, doubleBlank);
  value += follow > 0 ? FOLLOW * Math.min(follow, 2) : -EXPOSE * exposed;
  // Opening a 0 end while holding the double-blank is the way to get rid of it.
  if (blankToCome) value += doubleBlank / 10;
  if (end.remaining === 1) value += COVER * end.suit;
  return value;
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
  const held = view.yourTiles ?? [];
  const ends = new Map((view.hand?.openEnds ?? []).map((e) => [e.on, e]));
  const doubleBlank = view.rules?.doubleBlank ?? 0;
  let best: Move | null = null;
  let bestValue = -Infinity;
  for (const play of playsOf(turn)) {
    const end = ends.get(play.on);
    const value = end ? playValue(held, play.tile, end, doubleBlank) : -Infinity;
    if (value > bestValue) [best, bestValue] = [play, value];
  }
  // The only other turn move is the pass after a draw: greedy plays the drawn tile when it can.
  return best ?? turn[0] ?? null;
}
