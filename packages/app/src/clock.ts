/**
 * The time now, in milliseconds since the epoch. Everything in the app that reads the time takes one
 * (commit times, rate limits, and the turn clocks that build on them), so tests can set and move it.
 * @example const clock: Clock = () => Date.parse('2026-12-01T00:00:00Z');
 */
export type Clock = () => number;

/** The machine's clock. */
export const systemClock: Clock = () => Date.now();
