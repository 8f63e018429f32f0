import type { EventOf, GameEvent, Seat } from './events';
import type { Ruleset } from './ruleset';
import type { ClockState, GameState } from './state';

/**
 * The turn clock as the rules see it: timeouts, away seats, extra time, as counts and flags. When a
 * turn began and when it ends are the caller's to know (the engine reads no clock); it tells the
 * engine that a turn timed out with a `timeout` command.
 */

/** The events of the turn clock. */
export type ClockEvent = EventOf<'TurnTimedOut' | 'SeatAway' | 'SeatReturned' | 'TimeGiven'>;

/** True for the type of an event of the turn clock (evolve reads an event's type once and asks this). */
export function isClockType(type: GameEvent['type']): type is ClockEvent['type'] {
  // A switch: a Set of the types cost a hash lookup for every event folded.
  switch (type) {
    case 'TurnTimedOut':
    case 'SeatAway':
    case 'SeatReturned':
    case 'TimeGiven':
      return true;
    default:
      return false;
  }
}

/** A new game's clock: null without one. */
export function newClock(rules: Ruleset, seats: number): ClockState | null {
  if (rules.turnHours === null) return null;
  const zeros = Array.from({ length: seats }, () => 0);
  return clockOf(
    zeros,
    zeros,
    zeros.map(() => false),
    0,
  );
}

/** `evolve` for an event of the turn clock. */
export function evolveClock(clock: ClockState, event: ClockEvent): ClockState {
  const { seat } = event;
  const { timeouts, streaks, away, extraHours } = clock;
  switch (event.type) {
    case 'TurnTimedOut':
      return clockOf(bump(timeouts, seat), bump(streaks, seat), away, extraHours);
    case 'SeatAway':
      return clockOf(timeouts, streaks, replaceAt(away, seat, true), extraHours);
    case 'SeatReturned':
      return clockOf(timeouts, replaceAt(streaks, seat, 0), replaceAt(away, seat, false), extraHours);
    case 'TimeGiven':
      return clockOf(timeouts, streaks, away, extraHours + event.hours);
    default: {
      const unknown: never = event;
      void unknown;
      return clock;
    }
  }
}

/** The clock once the turn has passed: the extra time given to it goes with it. */
export function turnPassed(clock: ClockState | null): ClockState | null {
  return clock && clock.extraHours > 0 ? clockOf(clock.timeouts, clock.streaks, clock.away, 0) : clock;
}

/** The clock once `seat`'s player left for good: the seat is its bot's, neither away nor counting. */
export function seatLeft(clock: ClockState | null, seat: Seat): ClockState | null {
  if (!clock) return clock;
  return clockOf(
    clock.timeouts,
    replaceAt(clock.streaks, seat, 0),
    replaceAt(clock.away, seat, false),
    clock.extraHours,
  );
}

// Written out field by field, as every state object is (see evolve.ts): one shape for V8.
function clockOf(
  timeouts: readonly number[],
  streaks: readonly number[],
  away: readonly boolean[],
  extraHours: number,
): ClockState {
  return { timeouts, streaks, away, extraHours };
}

/** True when `seat`'s player is away (timed out `awayAfter` times in a row and not back yet). */
export function isAway(game: GameState, seat: Seat): boolean {
  return game.clock?.away[seat] === true;
}

/** True when the player of `seat` has timed out since they last acted (away, or on the way there). */
export function hasTimedOut(game: GameState, seat: Seat): boolean {
  return isAway(game, seat) || (game.clock?.streaks[seat] ?? 0) > 0;
}

function bump(counts: readonly number[], seat: Seat): number[] {
  return replaceAt(counts, seat, (counts[seat] ?? 0) + 1);
}

function replaceAt<T>(items: readonly T[], index: number, value: T): T[] {
  const copy = items.slice();
  copy[index] = value;
  return copy;
}
