/** True under `npm run test:soak` (SOAK=1): the suites run their larger sizes. */
export const SOAK = process.env.SOAK === '1';

/**
 * A size for this run: `ci` in `npm test`, `soak` (by default ten times as much) under SOAK=1.
 * @example const requests = scaled(10_240); // 102,400 under SOAK=1
 */
export function scaled(ci: number, soak = ci * 10): number {
  return SOAK ? soak : ci;
}

/** A whole number with thousands separators, as the suites' summary lines print figures. */
export const figure = (n: number): string => n.toLocaleString('en-US');
