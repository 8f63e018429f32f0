import type { EventOf, GameEvent, InPlayEvent } from './events';
import { evolveDeal, evolveInPlay, evolveWaiting, fold } from './evolve';
import type { GameState, PlayingGame, WaitingGame } from './state';
import type { Tile } from './tiles';

/**
 * Returns the tiles it is given in a shuffled order. The engine never makes up randomness:
 * the caller passes one in (a cryptographically secure one in production, a seeded one in tests).
 */
export type Shuffle = (tiles: readonly Tile[]) => readonly Tile[];

/** What `decide` needs besides the command and the state. */
export interface DecideContext {
  /** Used whenever a command leads to a deal (the last seat joining, a hand ending). */
  readonly shuffle: Shuffle;
}

/**
 * Collects the events one command causes and keeps the state they lead to, so each rule
 * checks the state as it is after the events before it. `evolve` stays the only transition.
 * The typed methods take the current state of a known phase and return the next one, so the
 * rules that follow an event know the phase without asking again.
 */
export class Recorder {
  readonly events: GameEvent[] = [];
  #state: GameState;

  /**
   * `own`: the state is the caller's own copy, folded in place (see `fold`); only `ScratchGame` asks
   * for it. Otherwise every state is a new one and the one given stays as it was.
   */
  constructor(
    state: GameState,
    readonly context: DecideContext,
    readonly own = false,
  ) {
    this.#state = state;
  }

  /** The state after every event recorded so far. */
  get state(): GameState {
    return this.#state;
  }

  /** Records an event and moves the state on. */
  emit(event: GameEvent): GameState {
    this.events.push(event);
    return (this.#state = fold(this.#state, event, this.own));
  }

  /** Records a seat taken or left (or the start) on `game`, the current state. */
  waiting(game: WaitingGame, event: EventOf<'SeatTaken' | 'BotSeated' | 'SeatLeft' | 'GameStarted'>): WaitingGame {
    return this.moveOn(game, event, evolveWaiting(game, event));
  }

  /** Records a deal on `game`, the current state. */
  deal(game: WaitingGame | PlayingGame, event: EventOf<'HandDealt'>): PlayingGame {
    return this.moveOn(game, event, evolveDeal(game, event, this.own));
  }

  /** Records an event of the hand in play on `game`, the current state. */
  play(game: PlayingGame, event: InPlayEvent): PlayingGame {
    return this.moveOn(game, event, evolveInPlay(game, event, this.own));
  }

  private moveOn<S extends GameState>(game: GameState, event: GameEvent, next: S): S {
    // A rule that kept an older state would record events on a game that has moved on.
    if (game !== this.#state) throw new Error(`${event.type} recorded on a state that is not the current one`);
    this.events.push(event);
    this.#state = next;
    return next;
  }
}
