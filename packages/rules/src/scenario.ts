// Test support: builds games from stacked decks so a test can say exactly who holds what.
// Used only by the tests beside this file; not part of the package's public entry.
import type { Command, Move } from './commands';
import { decide, type Decision } from './decide';
import type { GameEvent, Player, Seat } from './events';
import { legalMoves } from './legal-moves';
import { fisherYates, seededRandom, stackedDeck } from './random';
import type { Rejection } from './rejections';
import type { RulesetOptions } from './ruleset';
import { initialState, type GameState } from './state';
import { fullSet, type Tile } from './tiles';

/** The player in seat `seat` of a scenario. */
export function player(seat: Seat): Player {
  return { id: `p${seat}`, name: `Player ${seat}` };
}

/** One hand's deal: each seat's tiles, and the boneyard from the top (the rest of the set follows). */
export interface Deal {
  readonly hands: readonly (readonly Tile[])[];
  readonly boneyard?: readonly Tile[];
}

/** A deck for `deal`: the hands in seat order, the named boneyard tiles, then every other tile. */
export function stackDeck(set: number, deal: Deal): Tile[] {
  return stackedDeck(set, [...deal.hands.flat(), ...(deal.boneyard ?? [])]);
}

/**
 * The first seeded game (seeds 1, 2, ...) in which random play reaches a position `reached`
 * describes, stopped there. For rules whose preconditions take long play to arise.
 */
export function findGame(options: Omit<ScenarioOptions, 'seed'>, reached: (state: GameState) => boolean): Scenario {
  for (let seed = 1; seed <= 500; seed++) {
    const game = new Scenario({ ...options, seed });
    if (game.playUntil(reached)) return game;
  }
  throw new Error('no seeded game reached the position');
}

/** How a scenario is set up: stacked deals for the first hands, or just a number of seats. */
export interface ScenarioOptions {
  readonly rules?: RulesetOptions;
  /** The first hands' deals; `handSize` defaults to the size of the first hand given. */
  readonly deals?: readonly Deal[];
  /** Seats, when no deal is given. */
  readonly seats?: number;
  /** Seeds the shuffles of every hand without a stacked deal. */
  readonly seed?: number;
}

/** A game whose first hands are dealt exactly as given (later ones shuffled from a seed), played move by move. */
export class Scenario {
  state: GameState = initialState();
  readonly history: GameEvent[] = [];
  private readonly deals: Deal[];
  private readonly set: number;
  private readonly random;
  private readonly context = {
    shuffle: (tiles: readonly Tile[]) => {
      const deal = this.deals.shift();
      return deal ? stackDeck(this.set, deal) : fisherYates(this.random)(tiles);
    },
  };

  constructor(options: ScenarioOptions) {
    const [first] = options.deals ?? [];
    this.deals = [...(options.deals ?? [])];
    this.set = options.rules?.set ?? 9;
    this.random = seededRandom(options.seed ?? 7);
    const seats = first?.hands.length ?? options.seats ?? 2;
    const rules = { ...(first ? { handSize: first.hands[0]?.length ?? 0 } : {}), ...options.rules };
    this.apply(decide({ type: 'create', seats, rules, player: player(0) }, this.state, this.context));
    for (let seat = 1; seat < seats; seat++)
      this.apply(decide({ type: 'join', player: player(seat) }, this.state, this.context));
  }

  /** Decides any command without applying it. */
  tryCommand(command: Command): Decision {
    return decide(command, this.state, this.context);
  }

  /** Applies any command that must be accepted; returns the events it caused. */
  command(command: Command): GameEvent[] {
    return this.apply(this.tryCommand(command));
  }

  /** Decides a move without applying it. */
  try(seat: Seat, move: Move): Decision {
    return decide({ type: 'move', seat, move }, this.state, this.context);
  }

  /** Makes a move that must be accepted; returns the events it caused. */
  move(seat: Seat, move: Move): GameEvent[] {
    return this.apply(this.try(seat, move));
  }

  /** Makes a move that must be refused; returns the rejection. */
  refuse(seat: Seat, move: Move): Rejection {
    const decision = this.try(seat, move);
    if (decision.ok)
      throw new Error(
        `expected ${JSON.stringify(move)} by seat ${seat} to be refused, got ${JSON.stringify(decision.events)}`,
      );
    return decision;
  }

  /** Shorthand for a play. */
  play(seat: Seat, tile: Tile, on: number, announce?: boolean): GameEvent[] {
    return this.move(seat, { type: 'play', tile, on, ...(announce ? { announce } : {}) });
  }

  /**
   * Plays random legal moves of the seat in turn (never announcing, never calling out, so
   * Chickenlittle lapses happen) until `reached` holds; false if the game ended first.
   */
  playUntil(reached: (state: GameState) => boolean): boolean {
    while (this.state.status === 'playing') {
      if (reached(this.state)) return true;
      const seat = this.state.hand?.turn ?? 0;
      const moves = legalMoves(this.state, seat).filter(
        (m) => (m.type === 'play' && !m.announce) || m.type === 'draw' || m.type === 'pass',
      );
      const move = moves[this.random(moves.length)];
      if (!move) throw new Error('the seat in turn has no move');
      this.move(seat, move);
    }
    return false;
  }

  /** The tiles `seat` holds now. */
  tiles(seat: Seat): readonly Tile[] {
    return this.state.hand?.hands[seat] ?? [];
  }

  private apply(decision: Decision): GameEvent[] {
    if (!decision.ok) throw new Error(`refused: ${decision.code}: ${decision.message}`);
    this.state = decision.state;
    this.history.push(...decision.events);
    return decision.events;
  }
}

/** A random move a seat could send: a play of any tile on any placement (or one past the last), or another move. */
export function anyMove(state: GameState, random: (bound: number) => number): Move {
  const tiles = fullSet(state.rules?.set ?? 6);
  const kind = random(6);
  if (kind === 0) return { type: 'draw' };
  if (kind === 1) return { type: 'pass' };
  if (kind === 2) return { type: 'announce' };
  if (kind === 3) return { type: 'callout', seat: random(state.seatCount) };
  const tile = tiles[random(tiles.length)] as Tile;
  const on = random((state.hand?.placements.length ?? 0) + 1);
  // The other two kinds in six are plays, half of them with announce.
  return random(2) === 0 ? { type: 'play', tile, on } : { type: 'play', tile, on, announce: true };
}
