import { createGameService, type GameServiceParts } from '../games/create-service';
import { TIMEOUT } from '../games/turn-clock';
import { jsonLogger } from '../http/logging';
import { setupHandlers } from './close-stale';
import { Sweeper, type SweeperOptions } from './sweeper';
import { timeoutHandler } from './timeout-handler';

/** What the app's sweeper is built from: the app's own parts (see `AppOptions`), and the sweeper's knobs. */
export interface AppSweeperOptions extends GameServiceParts {
  /** Lease, page size, concurrency, budget (see `SweeperOptions`). */
  readonly sweep?: Omit<SweeperOptions, 'store' | 'handlers' | 'logger'>;
}

/**
 * The app's one sweeper of due work, with a handler for each kind the app makes due (a turn's
 * `timeout`, a waiting game's `close-stale`), on a game service of its own: what the sweeper Lambda runs every minute, `npm start` on
 * a timer, and tests with a fake clock. It needs no signing secret: it answers nobody.
 * @example const report = await appSweeper({ store }).sweep(Date.now());
 */
export function appSweeper(options: AppSweeperOptions): Sweeper {
  const logger = options.logger ?? jsonLogger;
  const games = createGameService({ ...options, logger });
  return new Sweeper({
    ...options.sweep,
    store: options.store,
    logger,
    handlers: { ...setupHandlers(games), [TIMEOUT]: timeoutHandler(games) },
  });
}
