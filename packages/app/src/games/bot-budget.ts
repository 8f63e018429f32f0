import { LruMap } from '../lru-map';

/** How far one call of `settleBots` may go: its commits, and its time (ms of the bots' clock). */
export interface ChainBound {
  readonly maxCommits: number;
  /** Checked after each commit: a call always makes one, so that every call makes progress. */
  readonly maxMs: number;
  /** Checked before each commit, the first too: what the player it runs for may still spend. */
  readonly budgetMs?: number;
  /**
   * After each commit, rest this many times the time the move took before the next (default 0): due
   * work in a process that also answers players (`npm start`) leaves them the CPU between moves.
   */
  readonly restRatio?: number;
}

/** Who a chain of bot moves is run for: a player (their command, or with `reading` a look at the game). */
export interface BotPayer {
  readonly player: string;
  readonly reading?: boolean;
}

/** A read makes a few bot moves at most (a chain a crash cut short); due work makes the rest. */
const READ_BOUND = { maxCommits: 2, maxMs: 200 };

/** How much bot thinking one player's requests may set off: a burst, refilled at a rate (ms per s). */
export interface BotBudgetOptions {
  /** The most a player has at once, in ms of bot thinking (default 4000: a few long chains). */
  readonly burstMs?: number;
  /** How fast it refills, in ms a second (default 250: a quarter of a core at most, per player). */
  readonly perSecondMs?: number;
}

/**
 * Bot thinking per player, in ms, as token buckets in this process's memory: what a player's requests
 * (their moves, their reads) spend on bots' moves, so one player cannot take the server's CPU from
 * the others by setting bots off (twenty games of strong bots, read over and over). A chain whose
 * player's budget is spent stops; due work carries it on, at the sweeper's own pace.
 * @example const ms = budget.available('p_…', now); ...; budget.spend('p_…', spent, now);
 */
export class BotBudget {
  readonly #buckets = new LruMap<string, { ms: number; at: number }>(50_000);
  readonly #burst: number;
  readonly #rate: number;

  constructor(options: BotBudgetOptions = {}) {
    this.#burst = options.burstMs ?? 4000;
    this.#rate = (options.perSecondMs ?? 250) / 1000;
  }

  /** The ms of bot thinking `player` may spend now (`now` in ms of a monotonic clock). */
  available(player: string, now: number): number {
    return this.#refilled(player, now).ms;
  }

  /** Takes `ms` of bot thinking from `player`'s budget (it may go below zero: the next chains wait). */
  spend(player: string, ms: number, now: number): void {
    const bucket = this.#refilled(player, now);
    bucket.ms -= ms;
    this.#buckets.set(player, bucket);
  }

  /**
   * How far a chain run for `payer` may go, from `now`: a command's bound (`settings`), a read's
   * tighter one, and for a player what is left of their budget; null (due work) the bound alone.
   */
  boundFor(settings: Omit<ChainBound, 'budgetMs'>, payer: BotPayer | null, now: number): ChainBound {
    const reading = payer?.reading === true;
    // Only due work rests: a player's chain is what they wait for.
    if (!payer) return { maxCommits: settings.maxCommits, maxMs: settings.maxMs, restRatio: settings.restRatio ?? 0 };
    return {
      maxCommits: reading ? Math.min(READ_BOUND.maxCommits, settings.maxCommits) : settings.maxCommits,
      maxMs: reading ? Math.min(READ_BOUND.maxMs, settings.maxMs) : settings.maxMs,
      budgetMs: Math.max(0, this.available(payer.player, now)),
    };
  }

  #refilled(player: string, now: number) {
    const bucket = this.#buckets.get(player) ?? { ms: this.#burst, at: now };
    bucket.ms = Math.min(this.#burst, bucket.ms + Math.max(0, now - bucket.at) * this.#rate);
    bucket.at = now;
    this.#buckets.set(player, bucket);
    return bucket;
  }
}
