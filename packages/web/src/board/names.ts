/**
 * The words a person (and a screen reader) uses for places on the board: lines are named by where
 * they start ("spoke 2", "toe 1 of the 5-5"), ends by the suit they show and their line.
 */

/** The two halves of a tile written "a-b". */
export function halvesOf(tile: string): [number, number] {
  const [a = 0, b = 0] = tile.split('-').map(Number);
  return [a, b];
}

/** The name of the line that starts at `slot` of a hub: a spoke of the root, a toe of a double. */
export function lineName(hub: 'root' | 'double', slot: number, hubTile: string): string {
  return hub === 'root' ? `spoke ${slot + 1}` : `toe ${slot + 1} of the ${hubTile}`;
}

/** A placed tile: "6-4 on the 6 of spoke 2"; the root is "6-6, the root". */
export function tileLabel(tile: string, suit: number, line: string | null): string {
  return line === null ? `${tile}, the root` : `${tile} on the ${suit} of ${line}`;
}

/** An open end: "the 4 of spoke 2". */
export function endLabel(suit: number, line: string): string {
  return `the ${suit} of ${line}`;
}
