import { fisherYates, type Shuffle } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { randomInt } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import { jsonLogger, type Logger } from '../logging';
import type { CommitNotifier } from '../webhooks/commit-notifier';
import type { BotOptions } from './bot-players';
import { GameLists } from './lists';
import { GameRepository } from './repository';
import { STALE_AFTER_MS } from './stale-check';
import { GameService } from './service';

/** What a game service is built from outside the app (the sweeper, a test): the app's own parts. */
export interface GameServiceParts {
  readonly store: Store;
  /** The time of each commit; the machine's by default. */
  readonly clock?: Clock;
  /** Shuffles each deal; cryptographically secure unless a test passes its own. */
  readonly shuffle?: Shuffle;
  readonly logger?: Logger;
  readonly bots?: BotOptions;
  /** How many games' latest states to keep in memory (see `GameRepository`). */
  readonly cacheSize?: number;
  /** How long a waiting game may go without a commit before the sweeper closes it (see `GameService`). */
  readonly staleAfterMs?: number;
}

/** What the one command path is built from: the parts, and what records each commit's notifications. */
export interface GameServiceInput extends GameServiceParts {
  readonly notifier?: CommitNotifier;
}

/**
 * The one command path (see `GameService`) built from its parts: the app's, and that of a process that
 * runs commands on games without serving HTTP (the sweeper), and tests at the service level.
 * @example const games = createGameService({ store, clock: () => now });
 */
export function createGameService(parts: GameServiceInput): GameService {
  const logger = parts.logger ?? jsonLogger;
  return new GameService({
    repository: new GameRepository({
      store: parts.store,
      ...(parts.cacheSize !== undefined ? { cacheSize: parts.cacheSize } : {}),
    }),
    lists: new GameLists(parts.store, logger, parts.staleAfterMs ?? STALE_AFTER_MS),
    context: { shuffle: parts.shuffle ?? fisherYates(randomInt) },
    clock: parts.clock ?? systemClock,
    logger,
    ...(parts.notifier ? { notifier: parts.notifier } : {}),
    ...(parts.bots ? { bots: parts.bots } : {}),
  });
}
