import { endWithId, type OpenEnd } from './board';
import { mayAnnounce, mayAnnounceWithPlay, mayCallOut } from './chickenlittle';
import type { Move } from './commands';
import type { Seat } from './events';
import type { GameState, HandState } from './state';
import { factsOf, suitBits, type Tile } from './tiles';

/**
 * Every move `seat` may make now: plays (each tile with each placement it may go on, and with
 * `announce` where that play leaves one tile), a pass after drawing under `may-play`, and the
 * out-of-turn Chickenlittle announce and call-outs. Empty when the seat has nothing to do. Draws and
 * the other passes never appear: the server makes them itself.
 * @example legalMoves(state, 1) // [{ type: 'play', tile: '9-4', on: 0 }, ...]
 */
export function legalMoves(state: GameState, seat: Seat): Move[] {
  const moves: Move[] = [];
  addLegalMoves(moves, state, seat);
  return moves;
}

/**
 * Appends `legalMoves(state, seat)` to `moves`, in the same order: self-play lists every seat's moves in
 * one array, without an array per seat.
 */
export function addLegalMoves(moves: Move[], state: GameState, seat: Seat): void {
  addTurnMoves(moves, state, seat);
  addMovesOutOfTurn(moves, state, seat);
}

/**
 * Appends the moves of `seat` when it is in turn (its plays, and the pass after a draw under
 * `may-play`), the head of `legalMoves`; nothing when it is not. When `anyMoveOutOfTurn` is false,
 * these are all the moves anybody has.
 */
export function addTurnMoves(moves: Move[], state: GameState, seat: Seat): void {
  if (state.status !== 'playing' || state.hand.over || state.hand.turn !== seat) return;
  const { hand, rules } = state;
  const tiles = hand.hands[seat] ?? [];
  const announceable = mayAnnounceWithPlay(rules.chickenlittle, tiles.length - 1);
  if (hand.drawnTile !== null) {
    addPlays(moves, hand, hand.drawnTile, announceable);
    if (rules.drawnTile === 'may-play') moves.push({ type: 'pass' });
  } else {
    addAllPlays(moves, hand, tiles, announceable);
  }
}

// The moves any seat may make in turn or not, the tail of legalMoves: under `callout`, announcing its
// own one tile, and calling out another seat's lapse.
function addMovesOutOfTurn(moves: Move[], state: GameState, seat: Seat): void {
  if (state.status !== 'playing' || state.hand.over) return;
  const mode = state.rules.chickenlittle;
  if (mode !== 'callout') return;
  const statuses = state.hand.chickenlittle;
  if (mayAnnounce(mode, statuses[seat])) moves.push({ type: 'announce' });
  // Nearly always nobody has a lapse: a plain loop (indexOf, a builtin call, cost more on four seats).
  for (let target = 0; target < statuses.length; target++) {
    if (statuses[target] === 'vulnerable' && mayCallOut(mode, statuses, seat, target))
      moves.push({ type: 'callout', seat: target });
  }
}

/**
 * True when some seat may make a move out of turn now (see `addLegalMoves`): under `callout`, a seat
 * holding one tile unannounced may announce, and anyone may call out a lapse. Nearly always false, so
 * self-play lists only the seat in turn's moves in turn then (every other part of the list is empty).
 */
export function anyMoveOutOfTurn(state: GameState): boolean {
  if (state.status !== 'playing' || state.hand.over) return false;
  // A lapse to call out is a seat that may still announce, so asking who may announce covers both.
  const mode = state.rules.chickenlittle;
  const statuses = state.hand.chickenlittle;
  for (let seat = 0; seat < statuses.length; seat++) if (mayAnnounce(mode, statuses[seat])) return true;
  return false;
}

// Bit i of BY_SUIT[s]: the board's i-th end shows suit s; END_ID[i] is that end's placement id. Set by
// each call from one read of the ends, and BY_SUIT cleared again after (legalMoves is not re-entrant),
// so finding a tile's ends costs one OR of its two halves' entries, with no pass over the ends per tile.
const BY_SUIT = new Uint32Array(32);
const END_ID = new Int32Array(32);

// Every end a tile may go on now, in the order of the board's ends. This runs for the seat in turn
// after every command of self-play and every step of a bot's playouts.
function addAllPlays(moves: Move[], hand: HandState, tiles: readonly Tile[], announceable: boolean): void {
  const ends = hand.ends;
  if (hand.mustFill !== null || ends.length > 32) {
    for (const tile of tiles) addPlays(moves, hand, tile, announceable);
    return;
  }
  let used = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i] as OpenEnd;
    const suit = end.suit & 31;
    BY_SUIT[suit]! |= 1 << i;
    END_ID[i] = end.id;
    used |= 1 << suit;
  }
  const open = hand.openSuits;
  for (let t = 0; t < tiles.length; t++) {
    const tile = tiles[t] as Tile;
    const facts = factsOf(tile);
    if (!facts || (facts.suits & open) === 0) continue;
    for (let at = (BY_SUIT[facts.high] ?? 0) | (BY_SUIT[facts.low] ?? 0); at !== 0; at &= at - 1) {
      addPlay(moves, tile, END_ID[31 - Math.clz32(at & -at)] ?? 0, announceable);
    }
  }
  for (let rest = used; rest !== 0; rest &= rest - 1) BY_SUIT[31 - Math.clz32(rest & -rest)] = 0;
}

// The ends one tile may go on: the double waiting to be filled, or any end of its suits.
function addPlays(moves: Move[], hand: HandState, tile: Tile, announceable: boolean): void {
  const suits = suitBits(tile);
  if ((suits & hand.openSuits) === 0) return;
  if (hand.mustFill !== null) {
    const end = endWithId(hand.ends, hand.mustFill);
    if (end && (suits & (1 << end.suit)) !== 0) addPlay(moves, tile, end.id, announceable);
    return;
  }
  for (const end of hand.ends) if ((suits & (1 << end.suit)) !== 0) addPlay(moves, tile, end.id, announceable);
}

function addPlay(moves: Move[], tile: Tile, on: number, announceable: boolean): void {
  moves.push({ type: 'play', tile, on });
  if (announceable) moves.push({ type: 'play', tile, on, announce: true });
}
