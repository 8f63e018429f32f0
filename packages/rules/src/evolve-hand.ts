import { placeRoot, placeTile } from './board';
import { afterAnnounce, afterCallout, afterDraw, afterPlacement, afterSkip } from './chickenlittle';
import type { ClockEvent } from './clock';
import type { InPlayEvent, Seat } from './events';
import type { Ruleset } from './ruleset';
import type { HandState } from './state';
import type { Tile } from './tiles';

/** A state object whose fields a transition may write (the state types are all readonly). */
export type Draft<T> = { -readonly [K in keyof T]: T[K] };

/** The events of a hand in play that change the hand: every one but the clock's and the hand's end. */
export type HandEvent = Exclude<InPlayEvent, { type: 'HandEnded' } | ClockEvent>;

/**
 * The hand after one of its events: a copy with the fields the event changes written, or with `own` the
 * hand itself, changed in place (see `fold`).
 */
export function evolveHand(rules: Ruleset, seats: number, hand: HandState, event: HandEvent, own: boolean): HandState {
  const next: Draft<HandState> = own ? hand : copyHand(hand);
  switch (event.type) {
    case 'TileDrawn': {
      const tiles = addTile(next, event.seat, event.tile, own);
      next.drawn = hand.drawn + 1;
      if (event.reason === 'turn') next.drawnTile = event.tile;
      next.chickenlittle = afterDraw(hand.chickenlittle, event.seat, tiles.length);
      return next;
    }
    case 'RootPlaced':
      removeTile(next, event.seat, event.tile, own);
      placeRoot(next, event.tile, event.seat, rules.spokes);
      next.turn = (event.seat + 1) % seats;
      next.drawnTile = null;
      next.chickenlittle = afterPlacement(
        hand.chickenlittle,
        event.seat,
        next.hands[event.seat]?.length ?? 0,
        rules.chickenlittle,
      );
      return next;
    case 'TilePlayed':
      removeTile(next, event.seat, event.tile, own);
      placeTile(next, event, rules.spokes, own);
      next.turn = (event.seat + 1) % seats;
      next.drawnTile = null;
      next.chickenlittle = afterPlacement(
        hand.chickenlittle,
        event.seat,
        next.hands[event.seat]?.length ?? 0,
        rules.chickenlittle,
      );
      return next;
    case 'TurnPassed':
      next.turn = (event.seat + 1) % seats;
      next.drawnTile = null;
      return next;
    case 'TurnSkipped':
      next.turn = (event.seat + 1) % seats;
      next.drawnTile = null;
      next.chickenlittle = afterSkip(hand.chickenlittle, event.seat);
      return next;
    case 'ChickenlittleAnnounced':
      next.chickenlittle = afterAnnounce(hand.chickenlittle, event.seat);
      return next;
    case 'ChickenlittleCalledOut':
      next.chickenlittle = afterCallout(hand.chickenlittle, event.seat, event.penalty);
      return next;
    default: {
      // Checked at compile time; at run time an event type this version does not know changes nothing.
      const unknown: never = event;
      void unknown;
      return hand;
    }
  }
}

/** A copy of a hand, every field written out in the one order a hand has. */
export function copyHand(h: HandState): Draft<HandState> {
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

/** A copy of `items` with `value` at `index`. */
export function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  const copy = items.slice();
  copy[index] = value;
  return copy;
}

// A seat's tiles as `next` may change them: in place (`own`) its own array, else a copy put in a copy
// of the hands, so the hand `next` was copied from keeps its arrays.
function seatTiles(next: Draft<HandState>, seat: Seat, own: boolean): Tile[] {
  const tiles = next.hands[seat] ?? [];
  if (own) return tiles as Tile[];
  const copy = tiles.slice();
  next.hands = replaceAt(next.hands, seat, copy);
  return copy;
}

/** Adds a drawn tile to `seat`'s tiles at the end; returns them. */
function addTile(next: Draft<HandState>, seat: Seat, tile: Tile, own: boolean): readonly Tile[] {
  const tiles = seatTiles(next, seat, own);
  tiles.push(tile);
  return tiles;
}

/** Takes a placed tile out of `seat`'s tiles, keeping the others' order. */
function removeTile(next: Draft<HandState>, seat: Seat, tile: Tile, own: boolean): void {
  const tiles = seatTiles(next, seat, own);
  // Found by a plain loop (tiles compare by reference: see tiles.ts), then the rest shifted down and the
  // last popped, which keeps the order: indexOf and splice were builtin calls, once every play.
  let at = 0;
  while (at < tiles.length && tiles[at] !== tile) at++;
  if (at < tiles.length) {
    for (let i = at; i < tiles.length - 1; i++) tiles[i] = tiles[i + 1] as Tile;
    tiles.pop();
  }
}
