/** True under `npm run test:soak` (SOAK=1): the suites run their larger sizes. */
export const SOAK = process.env.SOAK !== undefined && process.env.SOAK !== '' && process.env.SOAK !== '0';

/**
 * A size for this run: `ci` in `npm test`, `soak` under SOAK=1.
 * @example const rounds = scaled(100, 1_000);
 */
export function scaled(ci: number, soak: number): number {
  return SOAK ? soak : ci;
}

/** A whole number with thousands separators, as the summary lines print figures. */
export const figure = (n: number): string => n.toLocaleString('en-US');

/**
 * Limits high enough that a suite's own load never meets the rate limiter: these suites are
 * about races, retries and faults, and a 429 would hide what they look for.
 */
export const UNLIMITED = {
  perPlayer: { burst: 1_000_000, perSecond: 1_000_000 },
  registrations: { burst: 1_000_000, perSecond: 1_000_000 },
};

/** A seeded source of whole numbers in `[0, bound)` (the rules' `seededRandom`), as the suites use it. */
export type Rng = (bound: number) => number;

/** Picks one of `items` with `rng`. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('nothing to pick from');
  return items[rng(items.length)] as T;
}

/** True with probability `p`. */
export const chance = (rng: Rng, p: number): boolean => rng(1_000_000) < p * 1_000_000;
