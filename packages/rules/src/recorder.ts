import type { GameEvent } from './events';
import { evolve } from './evolve';
import type { GameState } from './state';
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
 */
export class Recorder {
  readonly events: GameEvent[] = [];

  constructor(
    public state: GameState,
    readonly context: DecideContext,
  ) {}

  /** Records an event and moves the state on. */
  emit(event: GameEvent): void {
    this.events.push(event);
    this.state = evolve(this.state, event);
  }
}
