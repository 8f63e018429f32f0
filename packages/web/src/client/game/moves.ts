import type { Game, Move } from '../api';

type Play = Extract<Move, { type: 'play' }>;

/** The plays of the legal moves, by tile: the ends (`on`) each tile may go on. */
export function playsByTile(view: Game): Map<string, Set<number>> {
  const plays = new Map<string, Set<number>>();
  for (const move of view.legalMoves) {
    if (move.type !== 'play') continue;
    const ends = plays.get(move.tile) ?? new Set<number>();
    ends.add(move.on);
    plays.set(move.tile, ends);
  }
  return plays;
}

/** What pressing a tile of the hand does: play it at once (one place it fits), pick it (several, or none to try), or put it back. */
export function pressOf(view: Game, selected: string | null, tile: string): { play: number } | 'pick' | 'unpick' {
  if (selected === tile) return 'unpick';
  const ends = playsByTile(view).get(tile);
  return ends?.size === 1 ? { play: [...ends][0]! } : 'pick';
}

/** True when a play of `tile` leaves one tile, so "Chickenlittle!" may be said with it. */
export function announceable(view: Game, tile?: string | null): boolean {
  return view.legalMoves.some((m): m is Play => m.type === 'play' && m.announce === true && (!tile || m.tile === tile));
}

/** The moves that need no tile: draw and pass, and the out-of-turn shouts. */
export function tileless(view: Game): Exclude<Move, Play>[] {
  return view.legalMoves.filter((m): m is Exclude<Move, Play> => m.type !== 'play');
}

/**
 * What the seat in turn is to do, in a few words for the turn line: pick a highlighted tile, pick a
 * highlighted end for the tile picked, play the drawn tile or pass, or pass with nothing that fits.
 * @example advice(view, null) // 'your turn: pick a highlighted tile'
 */
export function advice(view: Game, selected: string | null): string {
  const plays = playsByTile(view);
  const drew = view.hand?.drawnBy === view.yourSeat;
  if (plays.size === 0) {
    return view.legalMoves.some((m) => m.type === 'pass') ? 'nothing of yours fits: pass' : 'your turn';
  }
  if (selected) {
    const ends = plays.get(selected)?.size ?? 0;
    if (ends > 1) return `your turn: ${selected} fits ${ends} ends, pick a highlighted one`;
    if (ends === 0) return `your turn: ${selected} fits no end now, pick a highlighted tile`;
  }
  return drew ? 'you drew a tile that fits: play it or pass' : 'your turn: pick a highlighted tile';
}
