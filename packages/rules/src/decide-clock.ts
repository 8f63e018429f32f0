import { hasTimedOut, isAway } from './clock';
import type { TimeoutMove } from './commands';
import { decidePass, decidePlay, refuseOutOfTurn } from './decide-turn';
import type { Seat } from './events';
import type { Recorder } from './recorder';
import { reject, type RejectionOf } from './rejections';
import { botAt, botPlaying } from './seats';
import type { PlayingGame } from './state';

/**
 * The turn clock's commands: a timeout (the caller, which knows the time, says a turn ran out and
 * what its bot plays), a return from being away, more time for the seat in turn. And what any act of
 * a player who had timed out means: they are back.
 */

/**
 * A player who timed out and acts again is back, before what they do: their seat is theirs again if it
 * was away, and their timeouts in a row start over (`SeatReturned`). A bot's move (`byBot`) says
 * nothing of its player.
 */
export function present(rec: Recorder, game: PlayingGame, seat: Seat, byBot = false): PlayingGame {
  if (byBot || botAt(game, seat) || !hasTimedOut(game, seat)) return game;
  return rec.play(game, { type: 'SeatReturned', seat });
}

/**
 * The clock ran out on `seat`: records the timeout (and, at the game's `awayAfter` in a row, that the
 * seat is away), then makes `move` for it as its own move would be made.
 */
export function decideTimeout(
  rec: Recorder,
  game: PlayingGame,
  seat: Seat,
  move: TimeoutMove,
): RejectionOf<'timeout'> | undefined {
  const { clock, rules } = game;
  if (!clock) return reject('rules/no-clock', 'This game has no turn clock: its turns never time out.');
  const refused = refuseOutOfTurn(game, seat);
  if (refused) return refused;
  if (botPlaying(game, seat)) return reject('rules/no-deadline', `A bot plays seat ${seat}: its turns never time out.`);
  let now = rec.play(game, { type: 'TurnTimedOut', seat });
  if ((now.clock?.streaks[seat] ?? 0) >= rules.awayAfter) now = rec.play(now, { type: 'SeatAway', seat });
  // The move's own refusal, as the timeout's (its codes are among the timeout's).
  const asTimeout = (refusal: RejectionOf<'play' | 'pass'> | undefined) =>
    refusal && reject(refusal.code, refusal.message);
  switch (move.type) {
    case 'play':
      return asTimeout(decidePlay(rec, now, seat, move));
    case 'pass':
      return asTimeout(decidePass(rec, now, seat));
    default: {
      const unknown: never = move;
      throw new Error(`a timeout makes a play or a pass, not ${JSON.stringify(unknown)}`);
    }
  }
}

/** The player of away `seat` takes it back from its bot: their turns are theirs again. */
export function decideReturn(rec: Recorder, game: PlayingGame, seat: Seat): RejectionOf<'return'> | undefined {
  if (!isAway(game, seat)) return reject('rules/not-away', `Seat ${seat} is not away: its turns are its player’s.`);
  rec.play(game, { type: 'SeatReturned', seat });
  return undefined;
}

/**
 * Seat `by` gives the seat in turn `hours` more for this turn: whole hours, and at most the game's turn
 * time in all for one turn, so a turn never lasts more than twice as long as the clock says.
 */
export function decideGiveTime(
  rec: Recorder,
  game: PlayingGame,
  by: Seat,
  hours: number,
): RejectionOf<'give-time'> | undefined {
  const { clock, rules, hand } = game;
  if (!clock || rules.turnHours === null) return reject('rules/no-clock', 'This game has no turn clock.');
  const turn = hand.turn;
  if (turn === null || botPlaying(game, turn)) {
    return reject('rules/no-deadline', 'The seat in turn has no deadline: a bot plays it.');
  }
  if (turn === by) return reject('rules/cannot-give-self', 'You cannot give yourself more time: another player may.');
  const left = rules.turnHours - clock.extraHours;
  if (!Number.isInteger(hours) || hours < 1 || hours > left) {
    return reject(
      'rules/too-much-time',
      left === 0
        ? `This turn has had all the extra time a turn may have: ${rules.turnHours} hours.`
        : `Give a whole number of hours from 1 to ${left} (a turn may have at most ${rules.turnHours} hours more in all), not ${String(hours)}.`,
    );
  }
  rec.play(present(rec, game, by), { type: 'TimeGiven', seat: turn, by, hours });
  return undefined;
}
