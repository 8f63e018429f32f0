import {
  decide,
  fisherYates,
  initialState,
  legalMoves,
  redactEvent,
  viewFor,
  type BotLevel,
  type Command,
  type GameEvent,
  type GameState,
  type Move,
  type RandomInt,
  type RulesetOptions,
  type Seat,
  type VisibleEvent,
} from '@chickenfoot/rules';
import type { BotInput } from './bot-input';
import { chooseMove } from './choose-move';

/** A game played by bots alone, for tests and benchmarks. */
export interface BotGameOptions {
  /** Each seat's level; its length is the number of seats. */
  readonly levels: readonly BotLevel[];
  readonly rules?: RulesetOptions;
  /** Drives the shuffles and every bot's choices, so one seed replays one game. */
  readonly random: RandomInt;
  readonly budgetMs?: number;
  readonly now?: () => number;
  /** Decides for a bot (default `chooseMove`); a benchmark wraps it to time each decision. */
  readonly choose?: (input: BotInput, seat: Seat) => Move | null;
}

/** How a bot game ended: its events, each seat's total and the winners (lowest total). */
export interface BotGameResult {
  readonly events: readonly GameEvent[];
  readonly totals: readonly number[];
  readonly winners: readonly Seat[];
}

/**
 * Plays a whole game with a bot in every seat, through `decide` like any player. After every command
 * the seats out of turn may act first (announce, call out), in seat order after the seat in turn; then
 * the seat in turn moves. Each bot sees only its seat's view and its redacted events of the hand.
 * @example playBotGame({ levels: ['greedy', 'random'], random: seededRandom(1) }).winners
 */
export function playBotGame(options: BotGameOptions): BotGameResult {
  const seats = options.levels.length;
  const context = { shuffle: fisherYates(options.random) };
  const choose = options.choose ?? chooseMove;
  const events: GameEvent[] = [];
  const logs: VisibleEvent[][] = Array.from({ length: seats }, () => []);
  let state: GameState = initialState();
  let commands = 0;

  const run = (command: Command) => {
    if (++commands > 100_000) throw new Error('a bot game does not end');
    const decision = decide(command, state, context);
    if (!decision.ok) throw new Error(`a bot made an illegal move: ${decision.code} ${decision.message}`);
    state = decision.state;
    for (const event of decision.events) {
      events.push(event);
      logEvent(logs, event);
    }
  };
  const ask = (seat: Seat): Move | null =>
    choose(
      {
        view: viewFor(state, seat),
        log: logs[seat] ?? [],
        level: options.levels[seat] ?? 'random',
        random: options.random,
        ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}),
        ...(options.now ? { now: options.now } : {}),
      },
      seat,
    );

  const player = (seat: Seat) => ({ id: `bot-${seat}`, name: `Bot ${seat}` });
  run({ type: 'create', seats, player: player(0), ...(options.rules ? { rules: options.rules } : {}) });
  for (let seat = 1; seat < seats; seat++) run({ type: 'join', player: player(seat) });

  while (state.status === 'playing') {
    const turn = state.hand.turn ?? 0;
    let acted = false;
    for (let i = 1; i < seats && !acted; i++) {
      const seat = (turn + i) % seats;
      if (legalMoves(state, seat).length === 0) continue;
      const move = ask(seat);
      if (move) run({ type: 'move', seat, move });
      acted = move !== null;
    }
    if (acted) continue;
    const move = ask(turn);
    if (!move) throw new Error(`the bot in seat ${turn} made no move in its turn`);
    run({ type: 'move', seat: turn, move });
  }
  return {
    events,
    totals: state.totals,
    winners: state.status === 'finished' ? state.winners : [],
  };
}

/** Adds what each seat sees of `event` to its log of the hand in play (a deal starts a new one). */
function logEvent(logs: VisibleEvent[][], event: GameEvent): void {
  for (let seat = 0; seat < logs.length; seat++) {
    const seen = redactEvent(event, seat);
    if (seen.type === 'HandDealt') logs[seat] = [seen];
    else logs[seat]?.push(seen);
  }
}
