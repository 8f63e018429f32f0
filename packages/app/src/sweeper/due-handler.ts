import type { DueItem } from '@chickenfoot/store';

/**
 * What handling one due item came to. Either the handler's own writes settled the item (an append
 * that moved the turn on rewrote the turn entry: out of the index, or due again later), or the
 * sweeper settles it as `next` says: out of the index (null) or due again at `next` (a retry).
 */
export type DueResult = (
  | { readonly settled: true; readonly effect: string }
  | {
      readonly settled: false;
      readonly next: string | null;
      readonly effect: string;
      /** The kind it is due again as (default: the same): a turn's reminder hands over to its timeout. */
      readonly kind?: string;
    }
) & {
  /**
   * Webhook attempts the work made on the way (a notification's first attempts), by effect: counted
   * in the sweep's effects beside the item's own, so the failure-rate metric sees every attempt.
   */
  readonly attempts?: Readonly<Record<string, number>>;
};

/**
 * Does the work of one claimed due item of its kind, at `now` (ms since the epoch: the sweep's time,
 * never the machine's). The sweeper holds a claim on the item while it runs; the claim expires, and
 * the next sweep calls it again for the same item, when it throws or its process dies. So it must be
 * safe to repeat: a timeout is (its commit's key is derived from the seat and version).
 * `effect` names what it did in a word for the sweep's report: `applied`, `repeated`, `lost`, `stale`.
 */
export type DueHandler = (item: DueItem, now: number) => Promise<DueResult>;

/**
 * A handler per kind of due work: the one sweeper dispatches on the kind in each item's sort key.
 * Another kind of work (a reminder, a webhook retry, closing a stale game) is one more entry here,
 * and an item that carries its kind: no second sweeper.
 */
export type DueHandlers = Readonly<Record<string, DueHandler>>;
