/** What the loop needs of a game, whichever generator typed it. */
interface PlayedGame<M> {
  readonly status: string;
  readonly version: number;
  readonly hand: { readonly turn: number | null } | null;
  readonly legalMoves: readonly M[];
}

/** What the loop needs of one seat's client. */
export interface PlayingSeat<G extends PlayedGame<M>, M extends { type: string }> {
  view(id: string): Promise<G>;
  /** Null when someone else moved first (412). */
  move(id: string, version: number, move: M): Promise<unknown>;
}

/** A seeded choice, so a failing game can be replayed. */
export function chooser(seed: number) {
  let s = seed >>> 0;
  return <T>(items: readonly T[]): T => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return items[s % items.length] as T;
  };
}

/**
 * Plays a game to the end. Each seat acts only through its own token and only on what its own
 * view shows: the seat in turn picks one of its legal moves; every few turns every seat looks at
 * its view and may announce Chickenlittle or call someone out.
 * @example const { final, moves } = await playToTheEnd(id, seats, 42);
 */
export async function playToTheEnd<G extends PlayedGame<M>, M extends { type: string }>(
  id: string,
  seats: readonly PlayingSeat<G, M>[],
  seed: number,
): Promise<{ final: G; moves: number }> {
  const choose = chooser(seed);
  let view = await seats[0]!.view(id);
  let moves = 0;
  for (let turn = 0; view.status === 'playing'; turn++) {
    if (turn > 5000) throw new Error('the game does not end');
    const mover = view.hand?.turn ?? 0;
    const own = await seats[mover]!.view(id);
    const plays = own.legalMoves.filter((m) => m.type === 'play' || m.type === 'pass' || m.type === 'draw');
    if (plays.length > 0) {
      const reply = await seats[mover]!.move(id, own.version, choose(plays));
      if (reply) moves++;
    }
    if (turn % 4 === 0) {
      for (const seat of seats) {
        const mine = await seat.view(id);
        const extras = mine.legalMoves.filter((m) => m.type === 'announce' || m.type === 'callout');
        if (extras.length > 0 && choose([true, false])) {
          const reply = await seat.move(id, mine.version, choose(extras));
          if (reply) moves++;
        }
      }
    }
    view = await seats[0]!.view(id);
  }
  return { final: view, moves };
}
