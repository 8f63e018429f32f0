import type { Clock } from './clock';

/**
 * A server's test clock: the time as `base` says it, moved forward by whatever has been asked since
 * (`advance`). Only a local or test server makes one (npm start with `TEST_CLOCK=1`, `testApi`); the
 * Lambda entry never does, so on AWS the time is the machine's. Modelled on Stripe's test clocks:
 * explicit, and visible in every game's view while it is on.
 * @example const clock = new TestClock(Date.now); clock.advance(25 * HOUR); createApp({ clock: clock.now, testClock: { clock } });
 */
export class TestClock {
  #advancedMs = 0;

  constructor(private readonly base: Clock) {}

  /** The time now, as this server plays it (ms since the epoch). */
  readonly now: Clock = () => this.base() + this.#advancedMs;

  /** Moves the time forward by `ms` (never back: what is due stays due). */
  advance(ms: number): void {
    if (!(ms > 0)) throw new RangeError(`a test clock moves forward only, not by ${ms} ms`);
    this.#advancedMs += ms;
  }

  /** How far it has been moved, in ms. */
  get advancedMs(): number {
    return this.#advancedMs;
  }
}
