import type { BotLevel, GameView, RandomInt, VisibleEvent } from '@chickenfoot/rules';

/** What a computer player decides from: one seat's view and history, never the game's state. */
export interface BotInput {
  /** `viewFor(state, seat)`: everything the seat may know now. */
  readonly view: GameView;
  /** This seat's redacted events of the current hand, from its `HandDealt` on, oldest first. */
  readonly log: readonly VisibleEvent[];
  readonly level: BotLevel;
  /** Injected randomness: a bot never calls `Math.random`. */
  readonly random: RandomInt;
  /** Time budget of a `strong` decision in ms (default `DEFAULT_BUDGET_MS`). */
  readonly budgetMs?: number;
  /** Injected monotonic clock in ms for the budget (default `performance.now`). */
  readonly now?: () => number;
}
