/** How a lane shares its slots. */
export interface LaneOptions {
  /** Items handled at once. */
  readonly concurrency: number;
  /**
   * Items of one group (one player's deliveries) handled at once: a player whose receivers never
   * answer holds this many slots at most, and the others' work goes on beside theirs.
   */
  readonly perGroup?: number;
  /** True while a new item may still be started (the sweep's budget, a shutdown). */
  readonly open: () => boolean;
}

interface Queued {
  readonly group: string;
  readonly run: () => Promise<void>;
}

/**
 * A queue of due work with a fixed number of slots, fair between groups: items start in the order
 * given, except that an item whose group holds its `perGroup` slots already waits for one of them
 * while later items of other groups go first. An item not started by the time `open()` turns false
 * is left alone (unclaimed: the next sweep finds it due). `drained()` resolves once every started
 * item has finished, or at once when `open()` is false and the caller stops waiting (a shutdown).
 * @example const lane = new Lane({ concurrency: 8, perGroup: 2, open: () => !signal.aborted }); lane.add(p, () => handle(item));
 */
export class Lane {
  readonly #queue: Queued[] = [];
  readonly #running = new Map<string, number>();
  #active = 0;
  #skipped = 0;
  #idle: (() => void)[] = [];

  constructor(private readonly options: LaneOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1)
      throw new TypeError(`concurrency must be a whole number >= 1, got ${options.concurrency}`);
  }

  /** Items never started because the lane closed first. */
  get skipped(): number {
    return this.#skipped;
  }

  /** Queues `run` for `group`; it starts as soon as a slot (and its group's share) is free. */
  add(group: string, run: () => Promise<void>): void {
    this.#queue.push({ group, run });
    this.#pump();
  }

  /** Resolves once nothing is queued or running (queued items are dropped once the lane closes). */
  drained(): Promise<void> {
    this.#pump();
    if (this.#active === 0 && this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #pump(): void {
    if (!this.options.open()) {
      this.#skipped += this.#queue.length;
      this.#queue.length = 0;
    }
    const perGroup = this.options.perGroup ?? Infinity;
    for (let i = 0; i < this.#queue.length && this.#active < this.options.concurrency;) {
      const next = this.#queue[i] as Queued;
      if ((this.#running.get(next.group) ?? 0) >= perGroup) {
        i++;
        continue;
      }
      this.#queue.splice(i, 1);
      this.#start(next);
    }
    if (this.#active === 0 && this.#queue.length === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  #start({ group, run }: Queued): void {
    this.#active++;
    this.#running.set(group, (this.#running.get(group) ?? 0) + 1);
    void run().finally(() => {
      this.#active--;
      const left = (this.#running.get(group) ?? 1) - 1;
      if (left > 0) this.#running.set(group, left);
      else this.#running.delete(group);
      this.#pump();
    });
  }
}
