import { fisherYates, type Shuffle } from '@chickenfoot/rules';
import type { EventStore } from '@chickenfoot/store';
import { randomInt } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import type { BotOptions } from '../games/bot-players';
import { GameRepository } from '../games/repository';
import { GameService } from '../games/service';
import { TIMEOUT } from '../games/turn-clock';
import { jsonLogger, type Logger } from '../http/logging';
import { Sweeper, type SweeperOptions } from './sweeper';
import { timeoutHandler } from './timeout-handler';

/** What the app's sweeper is built from: the app's own parts (see `AppOptions`), and the sweeper's knobs. */
export interface AppSweeperOptions {
  readonly store: EventStore;
  /** The time of each commit it makes (a timeout's, and the bot moves after it); the machine's by default. */
  readonly clock?: Clock;
  /** Shuffles the deal of a hand a timeout ends; cryptographically secure unless a test passes its own. */
  readonly shuffle?: Shuffle;
  readonly logger?: Logger;
  readonly bots?: BotOptions;
  /** Lease, page size, concurrency, budget (see `SweeperOptions`). */
  readonly sweep?: Omit<SweeperOptions, 'store' | 'handlers' | 'logger'>;
}

/**
 * The app's one sweeper of due work, with a handler for each kind the app makes due (today a turn's
 * `timeout`), on a game service of its own: what the sweeper Lambda runs every minute, `npm start` on
 * a timer, and tests with a fake clock. It needs no signing secret: it answers nobody.
 * @example const report = await appSweeper({ store }).sweep(Date.now());
 */
export function appSweeper(options: AppSweeperOptions): Sweeper {
  const logger = options.logger ?? jsonLogger;
  const games = new GameService({
    repository: new GameRepository({ store: options.store, clock: options.clock ?? systemClock }),
    context: { shuffle: options.shuffle ?? fisherYates(randomInt) },
    logger,
    ...(options.bots ? { bots: options.bots } : {}),
  });
  return new Sweeper({
    ...options.sweep,
    store: options.store,
    logger,
    handlers: { [TIMEOUT]: timeoutHandler(games) },
  });
}
