import { DEFAULT_RULES, evolve, NO_SETUP, type GameState, type GameView, type VisibleEvent } from '@chickenfoot/rules';

type Placed = Extract<VisibleEvent, { type: 'RootPlaced' | 'TilePlayed' }>;

/**
 * The table of the hand as a seat's log replays it, to know which suits were open when a seat drew or
 * passed. The rules' own `evolve` lays the tiles, on a game that knows nothing but the table.
 */
export class BoardTracker {
  #state: GameState;
  readonly #empty: GameState;

  constructor(view: GameView) {
    this.#empty = tableOnly(view);
    this.#state = this.#empty;
  }

  /** A new deal: an empty table. */
  reset(): void {
    this.#state = this.#empty;
  }

  /** Lays a placed tile (the root, or a play). */
  place(event: Placed): void {
    this.#state = evolve(this.#state, event);
  }

  /** The suits a tile may be played on now (see the rules' `Board.openSuits`). */
  openSuits(): number {
    return this.#state.hand?.openSuits ?? 0;
  }
}

function tableOnly(view: GameView): GameState {
  const seats = view.seats.length;
  return {
    status: 'playing',
    rules: view.rules ?? { ...DEFAULT_RULES, handSize: 1 },
    seatCount: seats,
    players: view.seats.map((s) => s.player),
    bots: view.seats.map((s) => s.bot),
    hand: {
      index: view.hand?.index ?? 0,
      dealer: view.hand?.dealer ?? 0,
      opener: view.hand?.opener ?? '0-0',
      hands: Array.from({ length: seats }, () => []),
      boneyard: [],
      drawn: 0,
      placements: [],
      ends: [],
      mustFill: null,
      openSuits: 0,
      turn: null,
      drawnTile: null,
      chickenlittle: view.seats.map(() => 'none'),
      over: false,
    },
    openers: [],
    handScores: [],
    totals: view.seats.map(() => 0),
    winners: null,
    pastHands: [],
    setup: NO_SETUP,
  };
}
