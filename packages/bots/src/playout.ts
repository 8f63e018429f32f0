import { decide, type DecideContext, type GameState, type Move, type Seat, type Tile } from '@chickenfoot/rules';
import { heldSuits, judgePlay } from './greedy-bot';
import { suitsOf } from './suits';

// A playout stops at the hand's end; the engine deals the next hand in the same command, from this
// "shuffle" (any permutation will do: nobody plays that hand).
const CONTEXT: DecideContext = { shuffle: (tiles) => tiles };
const MAX_STEPS = 10_000;
// The policy's scratch count of the hand in turn (policyMove is never re-entered).
const HELD = heldSuits([]);

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
 * The playout policy: every seat plays as `greedy` would (see `judgePlay`), the drawn tile after a draw,
 * announcing Chickenlittle with a play that leaves one tile; nobody forgets, so nobody calls out. It runs
 * for every step of every playout, so the hand is counted once and each play judged in a few operations.
 */
export function policyMove(state: GameState): Move {
  if (state.status !== 'playing') return { type: 'pass' };
  const { hand, rules } = state;
  const seat: Seat | null = hand.turn;
  if (seat === null) return { type: 'pass' };
  const held = hand.hands[seat] ?? [];
  const candidates = hand.drawnTile !== null ? [hand.drawnTile] : held;
  const counted = heldSuits(held, HELD);
  let best: Tile | null = null;
  let on = 0;
  let bestValue = -Infinity;
  for (const tile of candidates) {
    const suits = suitsOf(tile);
    if ((suits & hand.openSuits) === 0) continue;
    for (const end of hand.ends) {
      if ((hand.mustFill !== null && end.id !== hand.mustFill) || (suits & (1 << end.suit)) === 0) continue;
      const value = judgePlay(counted, tile, end, rules.doubleBlank);
      if (value > bestValue) {
        best = tile;
        on = end.id;
        bestValue = value;
      }
    }
  }
  if (best === null) return { type: 'pass' };
  return held.length === 2 && rules.chickenlittle === 'callout'
    ? { type: 'play', tile: best, on, announce: true }
    : { type: 'play', tile: best, on };
}
