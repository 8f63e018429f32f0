import { ScratchGame, type DecideContext, type GameState, type Move, type Seat, type Tile } from '@chickenfoot/rules';
import { heldSuits, judgeParts } from './greedy-bot';
import { factsOf, type Facts } from './suits';

// A playout stops at the hand's end; the engine deals the next hand in the same command, from this
// "shuffle" (any permutation will do: nobody plays that hand).
const CONTEXT: DecideContext = { shuffle: (tiles) => tiles };
const MAX_STEPS = 10_000;

/**
 * Makes `first` for the seat in turn, then plays the hand out with every seat following `policyMove`,
 * through the rules' `decide`, on a `ScratchGame` (its own copy of `state`, moved on in place: `state`
 * itself, shared by every candidate of a sample, is never changed). Returns what each seat scored.
 */
export function playOut(state: GameState, first: Move): readonly number[] {
  const game = new ScratchGame(state, CONTEXT);
  let move = first;
  for (let step = 0; step < MAX_STEPS; step++) {
    const now = game.state;
    if (now.status !== 'playing' || now.hand.turn === null) break;
    const seat = now.hand.turn;
    const decision = game.play(seat, move);
    if (!decision.ok) throw new Error(`a playout made an illegal move: ${decision.code} ${decision.message}`);
    for (const event of decision.events) if (event.type === 'HandEnded') return event.scores;
    move = policyMove(game.state);
  }
  throw new Error('a playout did not reach the end of the hand');
}

// The policy's scratch space (policyMove is never re-entered): the hand in turn counted by suit, and for
// each suit the first end it may go on and the first such end that takes one more tile (covering it).
const HELD = heldSuits([]);
const HELD_FACTS: Facts[] = [];
const FIRST_END = new Int32Array(16);
const CLOSING_END = new Int32Array(16);

/**
 * The playout policy: every seat plays as `greedy` would (see `judgePlay`), the drawn tile after a draw,
 * announcing Chickenlittle with a play that leaves one tile; nobody forgets, so nobody calls out. It runs
 * for every step of every playout, so it reads the ends once and weighs each tile's two ways to go (on
 * an end of either half; of the ends of one suit, greedy prefers one it closes) in a few operations.
 */
export function policyMove(state: GameState): Move {
  if (state.status !== 'playing') return { type: 'pass' };
  const { hand, rules } = state;
  const seat: Seat | null = hand.turn;
  if (seat === null) return { type: 'pass' };
  const held = hand.hands[seat] ?? [];
  const counted = heldSuits(held, HELD, HELD_FACTS);
  // A loop: two fill calls (builtins) cost more than sixteen stores each, every step of every playout.
  for (let suit = 0; suit < 16; suit++) {
    FIRST_END[suit] = -1;
    CLOSING_END[suit] = -1;
  }
  for (const end of hand.ends) {
    if (hand.mustFill !== null && end.id !== hand.mustFill) continue;
    if ((FIRST_END[end.suit] ?? 0) < 0) FIRST_END[end.suit] = end.id;
    if (end.remaining === 1 && (CLOSING_END[end.suit] ?? 0) < 0) CLOSING_END[end.suit] = end.id;
  }
  let best: Tile | null = null;
  let on = 0;
  let bestValue = -Infinity;
  const drawn = hand.drawnTile;
  for (let i = 0, count = drawn !== null ? 1 : held.length; i < count; i++) {
    const tile = drawn ?? (held[i] as Tile);
    const { high, low, suits, pips } = drawn !== null ? factsOf(drawn) : (HELD_FACTS[i] as Facts);
    if ((suits & hand.openSuits) === 0) continue;
    const isBlank = tile === '0-0';
    const worth = isBlank ? rules.doubleBlank : pips;
    // On an end of its high half it leaves the low one, and the other way round; a double leaves its suit.
    for (let suit = high, exposed = low; ; suit = low, exposed = high) {
      const closing = CLOSING_END[suit] ?? -1;
      const id = closing >= 0 ? closing : (FIRST_END[suit] ?? -1);
      if (id >= 0) {
        const value = judgeParts(counted, worth, exposed, isBlank, closing >= 0 ? suit : -1, rules.doubleBlank);
        if (value > bestValue) {
          best = tile;
          on = id;
          bestValue = value;
        }
      }
      if (suit === low) break;
    }
  }
  if (best === null) return { type: 'pass' };
  return held.length === 2 && rules.chickenlittle === 'callout'
    ? { type: 'play', tile: best, on, announce: true }
    : { type: 'play', tile: best, on };
}
