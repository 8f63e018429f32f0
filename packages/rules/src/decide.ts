import type { Command } from './commands';
import { decideAnnounce, decideCallout } from './decide-chickenlittle';
import { decideCreate, decideJoin } from './decide-setup';
import { decideDraw, decidePass, decidePlay } from './decide-turn';
import type { GameEvent } from './events';
import { Recorder, type DecideContext } from './recorder';
import { reject, type Rejection } from './rejections';
import type { GameState } from './state';

/** The events a command caused, or why it was refused (in which case nothing happened). */
export type Decision = { readonly ok: true; readonly events: GameEvent[] } | Rejection;

/**
 * Validates a command against a game's state and returns the events it causes, including the
 * forced moves, hand ends and deals that follow from it. Pure: the same command, state and
 * shuffle always give the same events.
 * @example
 * const d = decide({ type: 'create', seats: 2, player: { id: 'p1', name: 'Ann' } }, initialState(), ctx);
 * if (d.ok) state = d.events.reduce(evolve, state);
 */
export function decide(command: Command, state: GameState, context: DecideContext): Decision {
  const rec = new Recorder(state, context);
  const refused = apply(command, rec);
  return refused ?? { ok: true, events: rec.events };
}

function apply(command: Command, rec: Recorder): Rejection | undefined {
  switch (command.type) {
    case 'create':
      return decideCreate(command, rec);
    case 'join':
      return decideJoin(command, rec);
    case 'move':
      return applyMove(command, rec);
    default: {
      const unknown: never = command;
      return reject('rules/game-not-found', `unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function applyMove(command: Extract<Command, { type: 'move' }>, rec: Recorder): Rejection | undefined {
  const { status, seatCount } = rec.state;
  if (status === 'empty') return reject('rules/game-not-found', 'There is no such game.');
  if (status === 'waiting') return reject('rules/game-not-started', 'The game starts when every seat is taken.');
  if (status === 'finished') return reject('rules/game-finished', 'The game is over.');
  const { seat, move } = command;
  if (!Number.isInteger(seat) || seat < 0 || seat >= seatCount) {
    return reject('rules/unknown-seat', `There is no seat ${String(seat)} in this game.`);
  }
  switch (move.type) {
    case 'play':
      return decidePlay(rec, seat, move);
    case 'draw':
      return decideDraw(rec, seat);
    case 'pass':
      return decidePass(rec, seat);
    case 'announce':
      return decideAnnounce(rec, seat);
    case 'callout':
      return decideCallout(rec, seat, move.seat);
    default: {
      const unknown: never = move;
      return reject('rules/not-your-turn', `unknown move ${JSON.stringify(unknown)}`);
    }
  }
}
