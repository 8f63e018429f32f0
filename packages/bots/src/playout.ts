import { decide, type DecideContext, type GameState, type Move, type Seat, type Tile } from '@chickenfoot/rules';
import { pipsOf, suitsOf } from './suits';

// A playout stops at the hand's end; the engine deals the next hand in the same command, from this
// "shuffle" (any permutation will do: nobody plays that hand).
const CONTEXT: DecideContext = { shuffle: (tiles) => tiles };
const MAX_STEPS = 10_000;

/**
 * Makes `first` for the seat in turn, then plays the hand out with every seat following `policyMove`,
 * through the rules' `decide`. Returns what each seat scored for the hand.
 */
export function playOut(state: GameState, first: Move): readonly number[] {
  let now = state;
  let move = first;
  for (let step = 0; step < MAX_STEPS; step++) {
    if (now.status !== 'playing' || now.hand.turn === null) break;
    const seat = now.hand.turn;
    const decision = decide({ type: 'move', seat, move }, now, CONTEXT);
    if (!decision.ok) throw new Error(`a playout made an illegal move: ${decision.code} ${decision.message}`);
    for (const event of decision.events) if (event.type === 'HandEnded') return event.scores;
    now = decision.state;
    move = policyMove(now);
  }
  throw new Error('a playout did not reach the end of the hand');
}

/**
 * The playout policy, cheap because it runs for every step of every playout: the seat in turn plays its
 * highest-scoring tile that fits (the drawn one, after a draw), on the first end it fits, announcing
 * Chickenlittle when that leaves one tile.
 */
export function policyMove(state: GameState): Move {
  if (state.status !== 'playing') return { type: 'pass' };
  const { hand, rules } = state;
  const seat: Seat | null = hand.turn;
  if (seat === null) return { type: 'pass' };
  const held = hand.hands[seat] ?? [];
  let best: Tile | null = null;
  if (hand.drawnTile !== null) {
    if ((suitsOf(hand.drawnTile) & hand.openSuits) !== 0) best = hand.drawnTile;
  } else {
    let bestPips = -1;
    for (const tile of held) {
      if ((suitsOf(tile) & hand.openSuits) === 0) continue;
      const pips = pipsOf(tile, rules.doubleBlank);
      if (pips > bestPips) [best, bestPips] = [tile, pips];
    }
  }
  if (best === null) return { type: 'pass' };
  const suits = suitsOf(best);
  let on = 0;
  for (const end of hand.ends) {
    if ((hand.mustFill === null || end.id === hand.mustFill) && (suits & (1 << end.suit)) !== 0) {
      on = end.id;
      break;
    }
  }
  return held.length === 2 && rules.chickenlittle === 'callout'
    ? { type: 'play', tile: best, on, announce: true }
    : { type: 'play', tile: best, on };
}
