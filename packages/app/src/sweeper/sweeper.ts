import { DUE_SHARDS, type DueItem, type Store } from '@chickenfoot/store';
import type { Logger } from '../logging';
import { Lane } from './lane';
import type { DueHandlers, DueResult } from './due-handler';
import type { SweeperOptions } from './sweeper-options';

export type { LaneConfig, SweeperOptions } from './sweeper-options';

/** How many passes over the shards one sweep makes at most (see `Sweeper.dueNow`). */
const PASSES = 3;

/** What one sweep did. */
export interface SweepReport {
  /** The sweep's time, ISO 8601. */
  readonly now: string;
  /** Items listed as due. */
  readonly due: number;
  /** Items this sweep claimed and handled (or tried to). */
  readonly claimed: number;
  /** Items another sweeper held, or that had moved on since they were listed: not this sweep's to do. */
  readonly busy: number;
  /** Items whose handling failed: left claimed, so the first sweep after the claim expires does them again. */
  readonly failed: number;
  /** Items of a kind this sweeper has no handler for (a newer deployment's): left alone. */
  readonly unknown: number;
  /** How many items came to each effect (`applied`, `repeated`, `lost`, `stale`, ...). */
  readonly effects: Readonly<Record<string, number>>;
  /** How late the oldest item listed was, in ms (0 when nothing was due): what the lag alarm watches. */
  readonly lagMs: number;
  /** The same, for each kind listed (a webhook's deliveries have an alarm of their own). */
  readonly lagByKind: Readonly<Record<string, number>>;
  /** False when the budget ran out with pages left unread. */
  readonly complete: boolean;
  /** Real time the sweep took, in ms. */
  readonly ms: number;
}

/** What a sweep is counting as it goes. */
interface Tally {
  due: number;
  claimed: number;
  busy: number;
  failed: number;
  unknown: number;
  oldest: number;
  complete: boolean;
  readonly effects: Record<string, number>;
  readonly oldestByKind: Record<string, number>;
}

/**
 * The one sweeper of due work: a Query per shard of the due index for what is due by `now` (a page
 * each, oldest first, more pages while the budget lasts), a conditional claim of each item, and its
 * kind's handler, in one of three lanes: the game lane (turn timeouts, stale games), the delivery
 * lane (whatever waits on a receiver) and the background lane (chains of bot moves), each with slots
 * of its own, so a timeout never waits behind a delivery or a bot; the delivery lane's slots are
 * shared fairly between players. No item starts once the
 * budget is spent (or, reaching outside, with less than `attemptMs` of it left) or the sweep is
 * aborted (a shutdown): it stays due, unclaimed, for the next sweep. It takes `now` as input: AWS
 * calls it every minute with the time, `npm start` on a timer, tests with a fake clock. No scan: a
 * sweep costs one small Query per shard when nothing is due.
 * @example const report = await new Sweeper({ store, handlers, logger }).sweep(Date.now());
 */
export class Sweeper {
  readonly #store: Store;
  readonly #handlers: DueHandlers;
  readonly #logger: Logger;
  readonly #leaseMs: number;
  readonly #pageSize: number;
  readonly #concurrency: number;
  readonly #deliveries: SweeperOptions['deliveries'];
  readonly #background: SweeperOptions['background'];
  readonly #budgetMs: number;
  readonly #attemptMs: number;
  readonly #elapsed: () => number;
  readonly #clock: (() => number) | undefined;
  #more = false;

  constructor(options: SweeperOptions) {
    this.#store = options.store;
    this.#handlers = options.handlers;
    this.#logger = options.logger;
    this.#leaseMs = options.leaseMs ?? 50_000;
    this.#pageSize = options.pageSize ?? 100;
    this.#concurrency = options.concurrency ?? 8;
    this.#deliveries = options.deliveries;
    this.#background = options.background;
    this.#budgetMs = options.budgetMs ?? 30_000;
    this.#attemptMs = options.attemptMs ?? 15_000;
    this.#elapsed = options.elapsed ?? (() => performance.now());
    this.#clock = options.clock;
  }

  /**
   * New work is due at once (a commit this sweep's work wrote carries notifications): the sweep in
   * progress makes another pass for it.
   */
  dueNow(): void {
    this.#more = true;
  }

  /**
   * Does the work due by `now` (ms since the epoch). Never throws for one item's failure: it counts it.
   * With `signal` aborted (a shutdown) it starts nothing more and returns at once: what is in flight
   * is abandoned (its claim expires, and a later sweep does it again).
   */
  async sweep(now: number, options: { signal?: AbortSignal } = {}): Promise<SweepReport> {
    const started = this.#elapsed();
    const { signal } = options;
    const spent = () => this.#elapsed() - started;
    const tally: Tally = {
      due: 0,
      claimed: 0,
      busy: 0,
      failed: 0,
      unknown: 0,
      oldest: now,
      complete: true,
      effects: {},
      oldestByKind: {},
    };
    // Work the sweep's own commits made due at once (a timeout's notifications) is done in the same
    // sweep, by another pass: on AWS the next sweep is a minute away.
    for (let pass = 0; pass < PASSES && !signal?.aborted; pass++) {
      this.#more = false;
      await this.#pass(pass === 0 ? now : Math.max(now, this.#clock?.() ?? now), tally, spent, signal);
      if (!this.#more) break;
    }
    const { oldest, effects, oldestByKind, ...counts } = tally;
    const lagByKind = Object.fromEntries(Object.entries(oldestByKind).map(([kind, t]) => [kind, now - t]));
    return {
      now: new Date(now).toISOString(),
      ...counts,
      effects,
      lagMs: now - oldest,
      lagByKind,
      ms: Math.round(spent()),
    };
  }

  /** One pass over the shards for what is due by `at`: each item into its lane, then the lanes drained. */
  async #pass(at: number, tally: Tally, spent: () => number, signal?: AbortSignal): Promise<void> {
    const deliveries = this.#deliveries;
    const game = new Lane({
      concurrency: this.#concurrency,
      perGroup: 1,
      open: () => !signal?.aborted && spent() < this.#budgetMs,
    });
    const outside = new Lane({
      concurrency: deliveries?.concurrency ?? 8,
      ...(deliveries?.perGroup !== undefined ? { perGroup: deliveries.perGroup } : {}),
      open: () => !signal?.aborted && spent() < this.#budgetMs - this.#attemptMs,
    });
    const background = new Lane({
      concurrency: this.#background?.concurrency ?? 1,
      perGroup: 1,
      open: () => !signal?.aborted && spent() < this.#budgetMs,
    });
    const dispatch = async (item: DueItem) => {
      const lane = deliveries?.kinds.has(item.kind)
        ? outside
        : this.#background?.kinds.has(item.kind)
          ? background
          : game;
      const group =
        lane === outside && deliveries?.groupOf
          ? await deliveries.groupOf(item).catch(() => item.streamId)
          : item.streamId;
      lane.add(group, () => this.#count(tally, item, at));
    };
    const listed = await Promise.allSettled(
      Array.from({ length: DUE_SHARDS }, (_, i) => this.#list(i, at, tally, spent, dispatch, signal)),
    );
    for (const failed of listed.filter((s) => s.status === 'rejected')) {
      tally.complete = false;
      this.#logger({ level: 'error', msg: 'due shard not swept', error: String(failed.reason) });
    }
    const drained = Promise.all([game.drained(), outside.drained(), background.drained()]);
    await (signal ? Promise.race([drained, aborted(signal)]) : drained);
    if (game.skipped + outside.skipped + background.skipped > 0 || signal?.aborted) tally.complete = false;
  }

  /** Lists a shard's items due by `at`, page after page while the budget lasts, handing each to its lane. */
  async #list(
    shard: number,
    at: number,
    tally: Tally,
    spent: () => number,
    dispatch: (item: DueItem) => Promise<void>,
    signal?: AbortSignal,
  ): Promise<void> {
    let next: string | null = null;
    do {
      if (spent() >= this.#budgetMs || signal?.aborted) {
        tally.complete = false;
        return;
      }
      const page = await this.#store.due.list(shard, new Date(at).toISOString(), { limit: this.#pageSize, next });
      tally.due += page.items.length;
      for (const item of page.items) {
        const time = Date.parse(item.at);
        tally.oldest = Math.min(tally.oldest, time);
        tally.oldestByKind[item.kind] = Math.min(tally.oldestByKind[item.kind] ?? at, time);
      }
      await Promise.all(page.items.map(dispatch));
      next = page.next;
    } while (next);
  }

  /** Handles one item and counts what came of it. */
  async #count(tally: Tally, item: DueItem, now: number): Promise<void> {
    const result = await this.#handle(item, now);
    if (typeof result === 'string') {
      tally[result]++;
      return;
    }
    tally.claimed++;
    const add = (effect: string, n: number) => (tally.effects[effect] = (tally.effects[effect] ?? 0) + n);
    add(result.effect, 1);
    for (const [effect, n] of Object.entries(result.attempts ?? {})) add(effect, n);
  }

  /** Claims one item and runs its handler; what came of it, or why it was not this sweep's. */
  async #handle(item: DueItem, now: number): Promise<DueResult | 'busy' | 'failed' | 'unknown'> {
    const handler = this.#handlers[item.kind];
    if (!handler) {
      this.#logger({ level: 'warn', msg: 'due item of an unknown kind', kind: item.kind, gameId: item.streamId });
      return 'unknown';
    }
    try {
      const until = new Date(now + this.#leaseMs).toISOString();
      if (!(await this.#store.due.claim(item, new Date(now).toISOString(), until))) return 'busy';
      const result = await handler(item, now);
      if (!result.settled) {
        await this.#store.due.settle(
          item,
          result.next === null ? null : { at: result.next, kind: result.kind ?? item.kind },
        );
      }
      return result;
    } catch (error) {
      this.#logger({
        level: 'error',
        msg: 'due item failed',
        kind: item.kind,
        gameId: item.streamId,
        at: item.at,
        error: String(error),
      });
      return 'failed';
    }
  }
}

/** Resolves when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
