import type { Command, Move } from '../commands';
import { decideWith, type Decision } from '../decide';
import type { Seat } from '../events';
import { decideListed, foldsInPlace, ownCopy } from './in-place';
import { Recorder, type DecideContext } from '../recorder';
import type { GameState } from '../state';

/**
 * A game played on a private copy, for self-play and the bots' playouts: they make hundreds of moves a
 * game and keep no state but the latest, so here `decide` folds its events into the copy in place
 * instead of copying the hand, its tiles and its table for every event. The rules are the same code:
 * `decide` with a recorder that folds in place (see `fold`), and `scratch-game.test.ts` shows every event
 * and every state equal to `decide`'s over many random games of every rule option.
 * @example
 * const game = new ScratchGame(state, context); // state itself is never changed
 * game.decide({ type: 'move', seat: 1, move }); // game.state has moved on, in place
 */
export class ScratchGame {
  #state: GameState;
  readonly #context: DecideContext;

  constructor(state: GameState, context: DecideContext) {
    this.#state = ownCopy(state);
    this.#context = context;
  }

  /** The game now. The next `decide` changes it in place: read it, never keep it. */
  get state(): GameState {
    return this.#state;
  }

  /**
   * `decide(command, this.state, context)`, the game moved on in place. The events are decide's; the
   * decision's state is this game's, with the same lifetime as `state`.
   */
  decide(command: Command): Decision {
    const rec = new Recorder(this.#state, this.#context, true);
    return this.#moveOn(rec, command.type, decideWith(rec, command));
  }

  /**
   * `decide({ type: 'move', seat, move })` for a move known to be legal now: one of
   * `legalMoves(this.state, seat)`, or one built from the same facts (a bot's playout policy). A play is
   * made without the checks `decide` makes, so a play they would refuse is the caller's bug and leaves
   * this game corrupt; other moves are decided as `decide` does.
   */
  play(seat: Seat, move: Move): Decision {
    const rec = new Recorder(this.#state, this.#context, true);
    return this.#moveOn(rec, 'move', decideListed(rec, seat, move));
  }

  #moveOn(rec: Recorder, command: Command['type'], decision: Decision): Decision {
    if (decision.ok) this.#state = decision.state;
    // A refusal changes nothing: decide refuses a move before it plays anything, and the events that may
    // come before a refusal (a player back before a refused move, a timeout before its refused move) fold
    // into copies, not in place. A rule that refused after a play could not be taken back here.
    else if (rec.events.some(foldsInPlace)) throw new Error(`a scratch game cannot take back ${command}`);
    return decision;
  }
}
