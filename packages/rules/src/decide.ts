import type { Command, Move } from './commands';
import { decideAnnounce, decideCallout } from './decide-chickenlittle';
import { decideGiveTime, decideReturn, decideTimeout, present } from './decide-clock';
import { decideCancel, decideErase } from './decide-cancel';
import { decideAddBot, decideLeave } from './decide-seats';
import { decideCreate, decideJoin } from './decide-setup';
import { decideDraw, decidePass, decidePlay } from './decide-turn';
import type { GameEvent, Seat } from './events';
import { Recorder, type DecideContext } from './recorder';
import { reject, type Refusal, type Rejection, type RejectionOf } from './rejections';
import type { GameState, PlayingGame } from './state';

/**
 * The events a command caused and the state after them (the fold of `events` over the state it was
 * given, so the caller need not fold again), or why it was refused (in which case nothing happened).
 */
export type Decision = { readonly ok: true; readonly events: GameEvent[]; readonly state: GameState } | Rejection;

/**
 * Validates a command against a game's state and returns the events it causes, including the
 * forced moves, hand ends and deals that follow from it, and the state they lead to. Pure: the same
 * command, state and shuffle always give the same events.
 * @example
 * const d = decide({ type: 'create', seats: 2, player: { id: 'p1', name: 'Ann' } }, initialState(), ctx);
 * if (d.ok) state = d.state;
 */
export function decide(command: Command, state: GameState, context: DecideContext): Decision {
  return decideWith(new Recorder(state, context), command);
}

/** `decide` on a recorder's state: `ScratchGame` (fast/) passes one that folds its own state in place. */
export function decideWith(rec: Recorder, command: Command): Decision {
  const refused = apply(command, rec);
  return refused ?? { ok: true, events: rec.events, state: rec.state };
}

function apply(command: Command, rec: Recorder): Rejection | undefined {
  switch (command.type) {
    case 'create':
      return decideCreate(command, rec);
    case 'join':
      return decideJoin(command, rec);
    case 'add-bot':
      return decideAddBot(command, rec);
    case 'leave':
      return decideLeave(command, rec);
    case 'move': {
      const game = inPlay(rec, command.seat);
      if ('ok' in game) return game;
      return decideInPlay(rec, present(rec, game, command.seat, command.byBot), command.seat, command.move);
    }
    case 'return': {
      const game = inPlay(rec, command.seat);
      return 'ok' in game ? game : decideReturn(rec, game, command.seat);
    }
    case 'give-time': {
      const game = inPlay(rec, command.by);
      return 'ok' in game ? game : decideGiveTime(rec, game, command.by, command.hours);
    }
    case 'timeout': {
      const game = inPlay(rec, command.seat);
      return 'ok' in game ? game : decideTimeout(rec, game, command.seat, command.move);
    }
    case 'cancel':
      return decideCancel(command, rec);
    case 'erase':
      return decideErase(command, rec);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

type NotInPlayCode =
  | 'rules/game-not-found'
  | 'rules/game-not-started'
  | 'rules/game-finished'
  | 'rules/game-cancelled'
  | 'rules/unknown-seat';

/**
 * The game in play, for a command that needs it and `seat` one of its seats, or why not. (It returns
 * rather than calls back: a closure per command cost more than the check.)
 */
function inPlay(rec: Recorder, seat: Seat): PlayingGame | Refusal<NotInPlayCode> {
  const game = rec.state;
  switch (game.status) {
    case 'empty':
      return reject('rules/game-not-found', 'There is no such game.');
    case 'waiting':
      return reject('rules/game-not-started', 'The game starts when every seat is taken.');
    case 'finished':
      return reject('rules/game-finished', 'The game is over.');
    case 'cancelled':
      return reject('rules/game-cancelled', 'The game was cancelled before it started.');
    case 'playing':
      if (!Number.isInteger(seat) || seat < 0 || seat >= game.seatCount) {
        return reject('rules/unknown-seat', `There is no seat ${String(seat)} in this game.`);
      }
      return game;
    default: {
      const unknown: never = game;
      throw new Error(`unknown game status ${JSON.stringify(unknown)}`);
    }
  }
}

function decideInPlay(rec: Recorder, game: PlayingGame, seat: Seat, move: Move): RejectionOf<Move['type']> | undefined {
  switch (move.type) {
    case 'play':
      return decidePlay(rec, game, seat, move);
    case 'draw':
      return decideDraw(game, seat);
    case 'pass':
      return decidePass(rec, game, seat);
    case 'announce':
      return decideAnnounce(rec, game, seat);
    case 'callout':
      return decideCallout(rec, game, seat, move.seat);
    default: {
      const unknown: never = move;
      throw new Error(`unknown move ${JSON.stringify(unknown)}`);
    }
  }
}
