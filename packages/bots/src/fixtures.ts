// Test support: games dealt from stacked decks, and a bot's input for one seat of them. Used only by
// the tests beside this file; not part of the package's public entry.
import {
  decide,
  fisherYates,
  initialState,
  redactEvent,
  seededRandom,
  stackedDeck,
  viewFor,
  type BotLevel,
  type GameEvent,
  type GameState,
  type Move,
  type RulesetOptions,
  type Seat,
  type Tile,
  type VisibleEvent,
} from '@chickenfoot/rules';
import type { BotInput } from './bot-input';

/** The first hand's deal: each seat's tiles, then the boneyard from the top (the rest of the set follows). */
export interface StackedDeal {
  readonly hands: readonly (readonly Tile[])[];
  readonly boneyard?: readonly Tile[];
}

/** A game whose first hand is dealt as given (the hand size is the first seat's), played move by move. */
export class Table {
  state: GameState = initialState();
  readonly events: GameEvent[] = [];
  private readonly context;

  constructor(deal: StackedDeal, rules: RulesetOptions = {}, seed = 7) {
    const set = rules.set ?? 9;
    const shuffle = fisherYates(seededRandom(seed));
    let first = true;
    this.context = {
      shuffle: (tiles: readonly Tile[]) => {
        if (!first) return shuffle(tiles);
        first = false;
        return stackedDeck(set, [...deal.hands.flat(), ...(deal.boneyard ?? [])]);
      },
    };
    const seats = deal.hands.length;
    const player = (seat: Seat) => ({ id: `p${seat}`, name: `P${seat}` });
    const full = { handSize: deal.hands[0]?.length ?? 1, ...rules };
    this.apply({ type: 'create', seats, rules: full, player: player(0) });
    for (let seat = 1; seat < seats; seat++) this.apply({ type: 'join', player: player(seat) });
  }

  /** Makes a move that must be accepted. */
  move(seat: Seat, move: Move): this {
    this.apply({ type: 'move', seat, move });
    return this;
  }

  /** Shorthand for a play. */
  play(seat: Seat, tile: Tile, on: number): this {
    return this.move(seat, { type: 'play', tile, on });
  }

  /** What a bot in `seat` is given now. */
  input(seat: Seat, level: BotLevel, extra: Partial<BotInput> = {}): BotInput {
    return { ...inputFor(this.state, this.events, seat, level), ...extra };
  }

  private apply(command: Parameters<typeof decide>[0]): void {
    const decision = decide(command, this.state, this.context);
    if (!decision.ok) throw new Error(`refused: ${decision.code}: ${decision.message}`);
    this.state = decision.state;
    this.events.push(...decision.events);
  }
}

/** A bot's input for `seat` of a game: its view, and its redacted events since the last deal. */
export function inputFor(
  state: GameState,
  events: readonly GameEvent[],
  seat: Seat,
  level: BotLevel,
  seed = 1,
): BotInput {
  const dealt = events.findLastIndex((e) => e.type === 'HandDealt');
  const log: VisibleEvent[] = events.slice(Math.max(0, dealt)).map((e) => redactEvent(e, seat));
  return { view: viewFor(state, seat), log, level, random: seededRandom(seed) };
}
