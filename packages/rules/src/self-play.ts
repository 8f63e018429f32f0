import type { Command, Move } from './commands';
import { decide, type Decision } from './decide';
import type { GameEvent, Seat } from './events';
import { addLegalMoves, addTurnMoves, anyMoveOutOfTurn } from './legal-moves';
import { fisherYates, type RandomInt } from './random';
import type { RulesetOptions } from './ruleset';
import { ScratchGame } from './fast/scratch-game';
import { initialState, type GameState } from './state';

/** How a self-played game is set up. */
export interface SelfPlayOptions {
  readonly seats: number;
  readonly rules?: RulesetOptions;
  /** Drives both the shuffles and the players' choices, so one seed replays one game. */
  readonly random: RandomInt;
  /**
   * Sees every accepted command with the events it caused and the state after them. With it, the game
   * is played through `decide` itself, so each state it is given stays as it is; without it, on a
   * `ScratchGame` (the same events, each state changed in place: faster, see PERFORMANCE.md).
   */
  readonly onStep?: (step: { command: Command; events: readonly GameEvent[]; state: GameState }) => void;
}

/** A finished self-played game. */
export interface SelfPlayResult {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
  readonly commands: number;
}

/**
 * Plays a whole game through `decide` and `evolve` with every seat choosing uniformly among all
 * the moves any seat may make (so announcements are sometimes forgotten and lapses called out).
 * Used by the demo, the benchmark and the property tests.
 * @example selfPlay({ seats: 4, random: seededRandom(1) }).state.winners
 */
export function selfPlay(options: SelfPlayOptions): SelfPlayResult {
  const context = { shuffle: fisherYates(options.random) };
  const events: GameEvent[] = [];
  let state = initialState();
  const scratch = options.onStep ? null : new ScratchGame(state, context);
  let commands = 0;
  const run = (command: Command) => {
    // A move listed by legalMoves is made without decide's checks on the scratch game.
    const decision: Decision = !scratch
      ? decide(command, state, context)
      : command.type === 'move'
        ? scratch.play(command.seat, command.move)
        : scratch.decide(command);
    if (!decision.ok)
      throw new Error(`self-play made an illegal ${command.type}: ${decision.code} ${decision.message}`);
    state = decision.state;
    for (const event of decision.events) events.push(event);
    commands++;
    options.onStep?.({ command, events: decision.events, state });
  };

  const player = (seat: Seat) => ({ id: `bot-${seat}`, name: `Bot ${seat}` });
  run({ type: 'create', seats: options.seats, player: player(0), ...(options.rules ? { rules: options.rules } : {}) });
  for (let seat = 1; seat < options.seats; seat++) run({ type: 'join', player: player(seat) });

  // Every seat's moves in one list, seat after seat; the moves of seat s end at index ends[s]. Nearly
  // always only the seat in turn may move: then it alone is asked, for its moves in turn (the same
  // list, without the others' and the out-of-turn moves, which are all empty then).
  const ends = new Int32Array(state.seatCount);
  while (state.status === 'playing') {
    const moves: Move[] = [];
    const turn = state.hand.turn;
    const alone = turn !== null && !anyMoveOutOfTurn(state);
    const first = alone ? turn : 0;
    const last = alone ? turn : state.seatCount - 1;
    for (let seat = first; seat <= last; seat++) {
      if (alone) addTurnMoves(moves, state, seat);
      else addLegalMoves(moves, state, seat);
      ends[seat] = moves.length;
    }
    const at = options.random(moves.length);
    const move = moves[at];
    if (!move) throw new Error('self-play reached a state where nobody can move');
    let seat = first;
    while ((ends[seat] ?? 0) <= at) seat++;
    run({ type: 'move', seat, move });
  }
  return { state, events, commands };
}
