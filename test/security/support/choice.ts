/** Picks one item of a list. */
export type Choose = <T>(items: readonly T[]) => T;

/**
 * A seeded choice (a small xorshift-multiply generator), so a failing game can be replayed from its seed.
 * @example const choose = chooser(7); choose(['a', 'b']);
 */
export function chooser(seed: number): Choose {
  let s = seed >>> 0;
  return <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('nothing to choose from');
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 3266489909) >>> 0;
    return items[((s ^ (s >>> 16)) >>> 0) % items.length] as T;
  };
}
