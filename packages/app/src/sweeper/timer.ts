import type { Clock } from '../clock';
import type { Logger } from '../logging';
import type { Sweeper, SweepReport } from './sweeper';

/** How a sweeper runs on a timer: every `everyMs` (default a minute, as on AWS), at `clock`'s time. */
export interface SweepTimerOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly everyMs?: number;
  /** How soon `soon()` sweeps, in ms (default 10): calls closer together than that make one sweep. */
  readonly soonMs?: number;
  /** Called with each sweep's report (a test waits on it). */
  readonly onReport?: (report: SweepReport) => void;
}

/** A sweeper running on a timer: `stop` ends it at once, abandoning the sweep in progress (if any). */
export interface SweepTimer {
  stop(): Promise<void>;
  /**
   * Sweeps soon (within `soonMs`, default 10 ms) rather than at the next tick: new due work is
   * waiting (a commit with notifications). Calls close together make one sweep; a call during a
   * sweep makes one more right after it.
   */
  soon(): void;
}

/**
 * Runs `sweeper` every `everyMs` in this process, as `npm start` does: the first sweep at once (work
 * that fell due while the server was down), each next one `everyMs` after the last ended, so two never
 * overlap. A sweep that fails is logged and the timer goes on.
 * @example const timer = sweepEvery(sweeper, { clock: Date.now, logger }); ...; await timer.stop();
 */
export function sweepEvery(sweeper: Sweeper, options: SweepTimerOptions): SweepTimer {
  const { clock, logger, everyMs = 60_000, onReport, soonMs = 10 } = options;
  if (!(everyMs > 0)) throw new TypeError(`everyMs must be above 0, got ${everyMs}`);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let sweeping = false;
  let again = false;
  // Stopping abandons the sweep in progress: what it has in flight is done again by a later sweep.
  const stopping = new AbortController();
  const tick = () => {
    clearTimeout(timer);
    sweeping = true;
    again = false;
    running = sweeper
      .sweep(clock(), { signal: stopping.signal })
      .then(
        (report) => {
          if (report.due > 0) logger({ level: 'info', msg: 'swept', ...report });
          onReport?.(report);
        },
        (error: unknown) => logger({ level: 'error', msg: 'sweep failed', error: String(error) }),
      )
      .finally(() => {
        sweeping = false;
        if (!stopped) timer = setTimeout(tick, again ? soonMs : everyMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },
    soon() {
      if (stopped) return;
      if (sweeping) {
        again = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, soonMs);
    },
  };
}
