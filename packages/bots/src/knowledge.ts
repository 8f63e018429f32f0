import { fullSet, type GameView, type Tile, type VisibleEvent } from '@chickenfoot/rules';
import { BoardTracker } from './board-tracker';
import { suitsOf } from './suits';

/**
 * What one seat knows about the tiles it cannot see, from its view and its events of the hand: which
 * tiles are unseen (in other hands or the boneyard), and for each tile another seat holds, the suits it
 * cannot be (`voids`: bit s set when that tile cannot show suit s).
 */
export interface Knowledge {
  readonly unseen: readonly Tile[];
  /** `voids[s]`: one entry per tile seat `s` holds (empty for the viewer itself). */
  readonly voids: readonly (readonly number[])[];
  readonly boneyardSize: number;
}

/**
 * Reads a seat's knowledge from its view and log. A seat that had to draw, or had to pass, held no
 * tile of the suits open at that moment: every tile it held then is void in those suits. A tile drawn
 * later may show them, and which held tile a seat plays is open, so each seat's tiles are kept as slots
 * in the order they came into the hand; a play takes the oldest slot the tile fits, which (as older
 * slots' voids contain newer ones') never rules out the real deal.
 */
export function knowledgeOf(view: GameView, log: readonly VisibleEvent[]): Knowledge {
  const seats = view.seats.length;
  const me = view.viewer;
  const slots: number[][] = Array.from({ length: seats }, () => []);
  const board = new BoardTracker(view);
  for (const event of log) {
    switch (event.type) {
      case 'HandDealt':
        event.tileCounts.forEach((count, seat) => {
          slots[seat] = seat === me ? [] : Array.from({ length: count }, () => 0);
        });
        board.reset();
        break;
      case 'TileDrawn':
        if (event.seat === me) break;
        if (event.reason === 'turn') lacks(slots[event.seat], board.openSuits());
        slots[event.seat]?.push(0);
        break;
      case 'TurnPassed':
        if (event.forced && event.seat !== me) lacks(slots[event.seat], board.openSuits());
        break;
      case 'RootPlaced':
      case 'TilePlayed':
        if (event.seat !== me) takeSlot(slots[event.seat], event.tile);
        board.place(event);
        break;
      default:
        break;
    }
  }
  // A log cut short (or none) cannot be trusted for counts: the view's counts are.
  for (let seat = 0; seat < seats; seat++) {
    const held = seat === me ? 0 : (view.seats[seat]?.tileCount ?? 0);
    const own = slots[seat] ?? [];
    while (own.length > held) own.pop();
    while (own.length < held) own.push(0);
  }
  return { unseen: unseenTiles(view), voids: slots, boneyardSize: view.hand?.boneyardSize ?? 0 };
}

/** Tiles of the set that are neither in the viewer's hand nor on the table. */
export function unseenTiles(view: GameView): Tile[] {
  const seen = new Set<Tile>(view.yourTiles ?? []);
  for (const placement of view.hand?.board ?? []) seen.add(placement.tile);
  return fullSet(view.rules?.set ?? 9).filter((t) => !seen.has(t));
}

function lacks(slots: number[] | undefined, suits: number): void {
  if (!slots) return;
  for (let i = 0; i < slots.length; i++) slots[i] = (slots[i] ?? 0) | suits;
}

function takeSlot(slots: number[] | undefined, tile: Tile): void {
  if (!slots || slots.length === 0) return;
  const suits = suitsOf(tile);
  const at = slots.findIndex((voids) => (voids & suits) === 0);
  // A play no slot allows cannot happen in a real game; drop the newest slot rather than fail.
  slots.splice(at >= 0 ? at : slots.length - 1, 1);
}
