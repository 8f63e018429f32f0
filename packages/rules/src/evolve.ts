import type { EventOf, GameEvent, Seat } from './events';
import type { ChickenlittleStatus, GameState, HandState, OpenEnd } from './state';
import { halves, isDouble, otherHalf } from './tiles';

/** Tiles a double accepts (its toes) before play may go elsewhere. */
export const TOES = 3;

type Draft<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Applies one event to a state and returns the next state. Pure and total: it never validates
 * (`decide` did that), never mutates its input, and leaves the state as it is for an event that
 * does not fit it.
 */
export function evolve(state: GameState, event: GameEvent): GameState {
  const next = copyState(state);
  switch (event.type) {
    case 'GameCreated':
      next.status = 'waiting';
      next.rules = event.rules;
      next.seatCount = event.seats;
      next.players = Array.from({ length: event.seats }, () => null);
      next.totals = Array.from({ length: event.seats }, () => 0);
      return next;
    case 'SeatTaken':
      next.players = replaceAt(state.players, event.seat, event.player);
      return next;
    case 'GameStarted':
      next.status = 'playing';
      return next;
    case 'HandDealt':
      next.hand = dealt(event);
      return next;
    case 'HandEnded':
      next.handScores = [...state.handScores, event.scores];
      next.totals = state.totals.map((total, seat) => total + (event.scores[seat] ?? 0));
      if (state.hand) next.hand = { ...state.hand, over: true, turn: null, drawnTile: null };
      return next;
    case 'GameEnded':
      next.status = 'finished';
      next.winners = event.winners;
      return next;
    default:
      if (!state.hand) return state;
      if (event.type === 'RootPlaced') next.openers = [...state.openers, event.tile];
      next.hand = evolveHand(state, state.hand, event);
      return next;
  }
}

type HandEvent = Exclude<
  GameEvent,
  { type: 'GameCreated' | 'SeatTaken' | 'GameStarted' | 'HandDealt' | 'HandEnded' | 'GameEnded' }
>;

function evolveHand(state: GameState, hand: HandState, event: HandEvent): HandState {
  const next = copyHand(hand);
  switch (event.type) {
    case 'TileDrawn': {
      const tiles = [...(hand.hands[event.seat] ?? []), event.tile];
      next.hands = replaceAt(hand.hands, event.seat, tiles);
      next.drawn = hand.drawn + 1;
      if (event.reason === 'turn') next.drawnTile = event.tile;
      // Drawing takes a one-tile hand to two: there is nothing left to announce.
      if (tiles.length !== 1 && hand.chickenlittle[event.seat] !== 'none') {
        next.chickenlittle = replaceAt(hand.chickenlittle, event.seat, 'none');
      }
      return next;
    }
    case 'RootPlaced': {
      const suit = halves(event.tile)[0];
      next.hands = removeTile(hand.hands, event.seat, event.tile);
      next.placements = [{ id: 0, tile: event.tile, on: null, suit, seat: event.seat }];
      next.ends = [{ id: 0, suit, remaining: state.rules?.spokes ?? 0 }];
      next.mustFill = 0;
      next.openSuits = 1 << suit;
      next.turn = (event.seat + 1) % state.seatCount;
      next.drawnTile = null;
      return next;
    }
    case 'TilePlayed':
      playTile(next, event);
      next.turn = (event.seat + 1) % state.seatCount;
      return next;
    case 'TurnPassed':
      next.turn = (event.seat + 1) % state.seatCount;
      next.drawnTile = null;
      return next;
    case 'TurnSkipped':
      next.turn = (event.seat + 1) % state.seatCount;
      next.drawnTile = null;
      next.chickenlittle = replaceAt(hand.chickenlittle, event.seat, 'pending');
      return next;
    case 'ChickenlittleAnnounced':
      next.chickenlittle = replaceAt(hand.chickenlittle, event.seat, 'announced');
      return next;
    case 'ChickenlittleCalledOut':
      next.chickenlittle = replaceAt(hand.chickenlittle, event.seat, event.penalty === 'skip' ? 'penalized' : 'none');
      return next;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function playTile(next: Draft<HandState>, event: EventOf<'TilePlayed'>): void {
  const ends: OpenEnd[] = [];
  let filled = false;
  for (const end of next.ends) {
    if (end.id !== event.on) ends.push(end);
    else if (end.remaining > 1) ends.push({ id: end.id, suit: end.suit, remaining: end.remaining - 1 });
    else filled = true;
  }
  const double = isDouble(event.tile);
  ends.push({
    id: event.id,
    suit: double ? event.suit : otherHalf(event.tile, event.suit),
    remaining: double ? TOES : 1,
  });

  const placements = next.placements.slice();
  placements.push({ id: event.id, tile: event.tile, on: event.on, suit: event.suit, seat: event.seat });
  next.hands = removeTile(next.hands, event.seat, event.tile);
  next.placements = placements;
  next.ends = ends;
  if (double) next.mustFill = event.id;
  else if (filled && next.mustFill === event.on) next.mustFill = null;
  next.openSuits = openSuits(ends, next.mustFill);
  next.drawnTile = null;
  next.chickenlittle = afterPlacement(next.chickenlittle, event.seat, next.hands[event.seat]?.length ?? 0);
}

function openSuits(ends: readonly OpenEnd[], mustFill: number | null): number {
  let bits = 0;
  for (const end of ends) if (mustFill === null || end.id === mustFill) bits |= 1 << end.suit;
  return bits;
}

/** Another player placing a tile is what turns an unannounced one-tile hand into a lapse. */
function afterPlacement(
  statuses: readonly ChickenlittleStatus[],
  placer: Seat,
  left: number,
): readonly ChickenlittleStatus[] {
  const own: ChickenlittleStatus = left === 1 ? 'pending' : 'none';
  // Nearly every placement changes nothing here; keep the array then instead of copying it.
  if (statuses[placer] === own && !statuses.includes('pending')) return statuses;
  return statuses.map((status, seat) => (seat === placer ? own : status === 'pending' ? 'vulnerable' : status));
}

function dealt(event: EventOf<'HandDealt'>): HandState {
  return {
    index: event.hand,
    dealer: event.dealer,
    opener: event.opener,
    hands: event.hands,
    boneyard: event.boneyard,
    drawn: 0,
    placements: [],
    ends: [],
    mustFill: null,
    openSuits: 0,
    turn: null,
    drawnTile: null,
    chickenlittle: event.hands.map(() => 'none'),
    over: false,
  };
}

// Copies are written out field by field (not spread) so every state object has one shape:
// spreads made V8 see many shapes here and cost a third of self-play time.
function copyState(s: GameState): Draft<GameState> {
  return {
    status: s.status,
    rules: s.rules,
    seatCount: s.seatCount,
    players: s.players,
    hand: s.hand,
    openers: s.openers,
    handScores: s.handScores,
    totals: s.totals,
    winners: s.winners,
  };
}

function copyHand(h: HandState): Draft<HandState> {
  return {
    index: h.index,
    dealer: h.dealer,
    opener: h.opener,
    hands: h.hands,
    boneyard: h.boneyard,
    drawn: h.drawn,
    placements: h.placements,
    ends: h.ends,
    mustFill: h.mustFill,
    openSuits: h.openSuits,
    turn: h.turn,
    drawnTile: h.drawnTile,
    chickenlittle: h.chickenlittle,
    over: h.over,
  };
}

function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  const copy = items.slice();
  copy[index] = value;
  return copy;
}

function removeTile(hands: readonly (readonly string[])[], seat: Seat, tile: string): (readonly string[])[] {
  const tiles = (hands[seat] ?? []).slice();
  const at = tiles.indexOf(tile);
  if (at >= 0) tiles.splice(at, 1);
  return replaceAt(hands, seat, tiles);
}
