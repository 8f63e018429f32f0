import { DUE_SHARDS, type DueItem, type EventStore } from '@chickenfoot/store';
import type { Logger } from '../logging';
import { limited } from './concurrency';
import type { DueHandlers, DueResult } from './due-handler';

/** What a sweeper is built from. */
export interface SweeperOptions {
  readonly store: EventStore;
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
  /** Items handled at once (default 8). */
  readonly concurrency?: number;
  /**
   * After this much real time in ms (default 30 s) no further page is read: the next sweep goes on.
   * With a webhook receiver's 15 s on top, a sweep's last attempt still ends within its claims' 50 s.
   */
  readonly budgetMs?: number;
  /** A monotonic clock in ms for the budget (default `performance.now`): real time, not the sweep's `now`. */
  readonly elapsed?: () => number;
}

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

/**
 * The one sweeper of due work: a Query per shard of the due index for what is due by `now` (a page
 * each, oldest first, more pages while the budget lasts), a conditional claim of each item, and its
 * kind's handler. It takes `now` as input: AWS calls it every minute with the time, `npm start` on a
 * timer, tests with a fake clock. No scan: a sweep costs one small Query per shard when nothing is due.
 * @example const report = await new Sweeper({ store, handlers, logger }).sweep(Date.now());
 */
export class Sweeper {
  readonly #store: EventStore;
  readonly #handlers: DueHandlers;
  readonly #logger: Logger;
  readonly #leaseMs: number;
  readonly #pageSize: number;
  readonly #concurrency: number;
  readonly #budgetMs: number;
  readonly #elapsed: () => number;
  #more = false;

  constructor(options: SweeperOptions) {
    this.#store = options.store;
    this.#handlers = options.handlers;
    this.#logger = options.logger;
    this.#leaseMs = options.leaseMs ?? 50_000;
    this.#pageSize = options.pageSize ?? 100;
    this.#concurrency = options.concurrency ?? 8;
    this.#budgetMs = options.budgetMs ?? 30_000;
    this.#elapsed = options.elapsed ?? (() => performance.now());
  }

  /**
   * New work is due at once (a commit this sweep's work wrote carries notifications): the sweep in
   * progress makes another pass for it.
   */
  dueNow(): void {
    this.#more = true;
  }

  /** Does the work due by `now` (ms since the epoch). Never throws for one item's failure: it counts it. */
  async sweep(now: number): Promise<SweepReport> {
    const started = this.#elapsed();
    const at = new Date(now).toISOString();
    const tally = { due: 0, claimed: 0, busy: 0, failed: 0, unknown: 0, oldest: now, complete: true };
    const effects: Record<string, number> = {};
    const oldestByKind: Record<string, number> = {};
    const run = limited(this.#concurrency);
    const handle = async (item: DueItem) => {
      const result = await this.#handle(item, now);
      if (typeof result === 'string') tally[result]++;
      else {
        tally.claimed++;
        effects[result.effect] = (effects[result.effect] ?? 0) + 1;
        for (const [effect, n] of Object.entries(result.attempts ?? {})) effects[effect] = (effects[effect] ?? 0) + n;
      }
    };
    const shard = async (index: number) => {
      let next: string | null = null;
      do {
        if (this.#elapsed() - started >= this.#budgetMs) {
          tally.complete = false;
          return;
        }
        const page = await this.#store.listDue(index, at, { limit: this.#pageSize, next });
        tally.due += page.items.length;
        for (const item of page.items) {
          const at = Date.parse(item.at);
          tally.oldest = Math.min(tally.oldest, at);
          oldestByKind[item.kind] = Math.min(oldestByKind[item.kind] ?? now, at);
        }
        await Promise.all(page.items.map((item) => run(() => handle(item))));
        next = page.next;
      } while (next);
    };
    // Work the sweep's own commits made due at once (a timeout's notifications) is done in the same
    // sweep, by another pass: on AWS the next sweep is a minute away.
    for (let pass = 0; pass < PASSES; pass++) {
      this.#more = false;
      const shards = await Promise.allSettled(Array.from({ length: DUE_SHARDS }, (_, i) => shard(i)));
      for (const failed of shards.filter((s) => s.status === 'rejected')) {
        tally.complete = false;
        this.#logger({ level: 'error', msg: 'due shard not swept', error: String(failed.reason) });
      }
      if (!this.#more) break;
    }
    const { oldest, ...counts } = tally;
    const lagByKind = Object.fromEntries(Object.entries(oldestByKind).map(([kind, t]) => [kind, now - t]));
    return { now: at, ...counts, effects, lagMs: now - oldest, lagByKind, ms: Math.round(this.#elapsed() - started) };
  }

  /** Claims one item and runs its handler; what came of it, or why it was not this sweep's. */
  async #handle(item: DueItem, now: number): Promise<DueResult | 'busy' | 'failed' | 'unknown'> {
    const handler = this.#handlers[item.kind];
    if (!handler) {
      this.#logger({ level: 'warn', msg: 'due item of an unknown kind', kind: item.kind, gameId: item.gameId });
      return 'unknown';
    }
    try {
      const until = new Date(now + this.#leaseMs).toISOString();
      if (!(await this.#store.claimDue(item, new Date(now).toISOString(), until))) return 'busy';
      const result = await handler(item, now);
      if (!result.settled) {
        await this.#store.settleDue(
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
        gameId: item.gameId,
        at: item.at,
        error: String(error),
      });
      return 'failed';
    }
  }
}
