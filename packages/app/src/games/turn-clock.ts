import type { GameEvent, GameState } from '@chickenfoot/rules';
import type { DueAt } from '@chickenfoot/store';
import { awaitedPlayer } from './awaited';

/**
 * Turn clocks in time: the rules count timeouts and hours, the API knows when each turn began (the
 * time of the commit that began it, `since`) and so when it ends. Times are the commits' own, from the
 * app's injected clock, so every server (and a test's fake clock) computes the same deadline.
 */

/** The kind of due work a turn's deadline is in the due index. */
export const TIMEOUT = 'timeout';

const HOUR = 3_600_000;

// A commit with one of these moved the turn on (perhaps back to the same seat, when every other seat
// had a forced move): whoever is awaited after it has a new turn, with a new deadline.
const PASSES_TURN: ReadonlySet<GameEvent['type']> = new Set(['RootPlaced', 'TilePlayed', 'TurnPassed', 'TurnSkipped']);

/** True when a commit's events moved the turn on (perhaps back to the same seat): a new turn began. */
export const movesTurnOn = (events: readonly GameEvent[]): boolean => events.some((e) => PASSES_TURN.has(e.type));

/**
 * When the game began awaiting the seat in turn, after a commit at `at` took it from `before` to
 * `after`: `at` when the commit began a turn (it changed whom the game awaits, or, with a clock, moved
 * the turn on, perhaps back to the same player), otherwise `since`, the time the turn in play began.
 * Without a clock a new turn of the same player is no news (their turn entry is not rewritten for it).
 * @example since = sinceAfter(before, after, events, commit.at, since);
 */
export function sinceAfter(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
  at: string,
  since: string | null,
): string | null {
  const awaited = awaitedPlayer(after);
  if (awaited !== awaitedPlayer(before)) return at;
  return after.clock && awaited !== null && movesTurnOn(events) ? at : since;
}

/**
 * When the seat in turn times out (ISO 8601): the turn's start plus the game's `turnHours` and the
 * extra time given to it. Null without a clock, and when no player is awaited (a bot's turn, an away
 * seat's, a game not in play).
 */
export function deadlineOf(state: GameState, since: string | null): string | null {
  if (state.status !== 'playing' || !state.clock || state.rules.turnHours === null || since === null) return null;
  if (awaitedPlayer(state) === null) return null;
  const hours = state.rules.turnHours + state.clock.extraHours;
  return new Date(Date.parse(since) + hours * HOUR).toISOString();
}

/** The due index's entry for a deadline: a timeout at that time, or nothing. */
export function timeoutAt(deadline: string | null): DueAt | null {
  return deadline === null ? null : { at: deadline, kind: TIMEOUT };
}

/** The kind of due work a turn's reminder is: it hands over to the turn's `timeout` once done. */
export const TURN_REMINDER = 'turn-reminder';

/** How far into a clocked turn its reminder comes. */
export const REMINDER_AT = 0.8;

/** When the reminder of a turn that began at `since` and times out at `deadline` is due (ISO 8601). */
export function reminderOf(since: string, deadline: string): string {
  const start = Date.parse(since);
  return new Date(start + Math.round((Date.parse(deadline) - start) * REMINDER_AT)).toISOString();
}

/**
 * The due index's entry of a clocked turn: its reminder at 80% when the awaited player wants one
 * (a webhook endpoint subscribed to `turn.reminder`), otherwise straight its timeout; nothing
 * without a deadline.
 */
export function turnDueAt(deadline: string | null, since: string | null, remind: boolean): DueAt | null {
  if (deadline === null || since === null || !remind) return timeoutAt(deadline);
  return { at: reminderOf(since, deadline), kind: TURN_REMINDER };
}
