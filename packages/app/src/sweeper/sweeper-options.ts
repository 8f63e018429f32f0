import type { DueItem, Store } from '@chickenfoot/store';
import type { Logger } from '../logging';
import type { DueHandlers } from './due-handler';

/** A lane of due work: the kinds it takes, its slots, and how its slots are shared. */
export interface LaneConfig {
  /** Items handled at once (default 8). */
  readonly concurrency?: number;
  /** Items of one group handled at once (default: no limit but the lane's). */
  readonly perGroup?: number;
  /** The group an item belongs to, for `perGroup` (default: its game, or whatever stream it is of). */
  readonly groupOf?: (item: DueItem) => Promise<string>;
}

/** What a sweeper is built from. */
export interface SweeperOptions {
  readonly store: Store;
  /** The work of each kind of due item (see `DueHandlers`). */
  readonly handlers: DueHandlers;
  readonly logger: Logger;
  /**
   * How long a claim holds, in ms (default 50 s): longer than one sweep's work, shorter than the minute
   * between two sweeps, so a sweeper that dies holding claims leaves them to the next sweep.
   */
  readonly leaseMs?: number;
  /** Items per Query page (default 100). */
  readonly pageSize?: number;
  /** The game lane's slots (default 8): turn timeouts, stale games; never waiting behind a delivery. */
  readonly concurrency?: number;
  /**
   * The kinds that reach outside (webhook deliveries, notifications and reminders sent on the spot)
   * and their lane: its own slots, shared fairly between groups (players), so a receiver that never
   * answers holds a few slots at most and nothing of the game lane.
   */
  readonly deliveries?: LaneConfig & { readonly kinds: ReadonlySet<string> };
  /**
   * The kinds of work nobody is waiting on at once and that take the CPU (a chain of bot moves): a
   * lane of their own, one item at a time by default, so they hold none of the game lane's slots and,
   * where the sweeper shares a process with the API (`npm start`), at most one chain runs beside it.
   */
  readonly background?: { readonly kinds: ReadonlySet<string>; readonly concurrency?: number };
  /**
   * After this much real time in ms (default 30 s) no item is started: the next sweep goes on. No
   * delivery starts with less than `attemptMs` of it left, so a sweep ends within its budget.
   */
  readonly budgetMs?: number;
  /** The longest an item that reaches outside may take, in ms (default 15 s, a receiver's timeout). */
  readonly attemptMs?: number;
  /** A monotonic clock in ms for the budget (default `performance.now`): real time, not the sweep's `now`. */
  readonly elapsed?: () => number;
  /**
   * The application's clock: the time of a pass after the first, so that work the sweep's own commits
   * made due (stamped with this clock, a moment after the sweep began) is due in that pass.
   */
  readonly clock?: () => number;
}
