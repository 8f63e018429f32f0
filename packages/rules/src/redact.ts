import type { GameEvent, Seat } from './events';
import type { Tile } from './tiles';

/** An event as one viewer may see it: the deal shows only their own tiles, draws only their own. */
export type VisibleEvent =
  | Exclude<GameEvent, { type: 'HandDealt' | 'TileDrawn' }>
  | {
      readonly type: 'HandDealt';
      readonly hand: number;
      readonly dealer: Seat;
      readonly opener: Tile;
      /** The viewer's dealt tiles; absent for a spectator. */
      readonly tiles?: readonly Tile[];
      readonly tileCounts: readonly number[];
      readonly boneyardSize: number;
    }
  | {
      readonly type: 'TileDrawn';
      readonly seat: Seat;
      /** Present only when the viewer drew it. */
      readonly tile?: Tile;
      readonly reason: Extract<GameEvent, { type: 'TileDrawn' }>['reason'];
      readonly forced: boolean;
    };

/**
 * Removes from an event what `viewer` (a seat, or null for a spectator) may not know.
 * The deck order and other seats' tiles in play never survive it; `HandEnded` stays whole, since
 * a hand's end turns every seat's remaining tiles face up for all.
 */
export function redactEvent(event: GameEvent, viewer: Seat | null): VisibleEvent {
  switch (event.type) {
    case 'HandDealt': {
      const own = viewer === null ? undefined : event.hands[viewer];
      return {
        type: 'HandDealt',
        hand: event.hand,
        dealer: event.dealer,
        opener: event.opener,
        ...(own ? { tiles: own } : {}),
        tileCounts: event.hands.map((tiles) => tiles.length),
        boneyardSize: event.boneyard.length,
      };
    }
    case 'TileDrawn': {
      const { tile, ...rest } = event;
      return viewer === event.seat ? event : rest;
    }
    default:
      return event;
  }
}
