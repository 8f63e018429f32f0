import type { Command, Move } from './commands';
import { decide, type Decision } from './decide';
import type { GameEvent, Seat } from './events';
import { legalMoves } from './legal-moves';
import { fisherYates, type RandomInt } from './random';
import type { RulesetOptions } from './ruleset';
import { initialState, type GameState } from './state';

/** How a self-played game is set up. */
export interface SelfPlayOptions {
  readonly seats: number;
  readonly rules?: RulesetOptions;
  /** Drives both the shuffles and the players' choices, so one seed replays one game. */
  readonly random: RandomInt;
  /** Sees every accepted command with the events it caused and the state after them. */
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
  let commands = 0;
  const run = (command: Command) => {
    const decision: Decision = decide(command, state, context);
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

  while (state.status === 'playing') {
    const choices: { seat: Seat; move: Move }[] = [];
    for (let seat = 0; seat < state.seatCount; seat++) {
      for (const move of legalMoves(state, seat)) choices.push({ seat, move });
    }
    const choice = choices[options.random(choices.length)];
    if (!choice) throw new Error('self-play reached a state where nobody can move');
    run({ type: 'move', ...choice });
  }
  return { state, events, commands };
}
