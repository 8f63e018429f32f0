import type { Shuffle } from '@chickenfoot/rules';
import type { EventStore } from '@chickenfoot/store';
import type { UrlPolicy } from '@chickenfoot/webhooks';
import { AccountCache } from './accounts/account-cache';
import { Accounts } from './accounts/accounts';
import { PlayerRepository } from './accounts/repository';
import { systemClock, type Clock } from './clock';
import type { BotOptions } from './games/bot-players';
import { createGameService } from './games/create-service';
import { FinishedGames } from './games/finished-games';
import { Games } from './games/games';
import { MyGames } from './games/my-games';
import type { GameService } from './games/service';
import { Lobby } from './lobby/lobby';
import { lazySecret, type SecretSource } from './identity/secret';
import { Signer } from './identity/signer';
import { jsonLogger, type Logger } from './logging';
import { MessageLog } from './messages/log';
import { GameWatcher } from './waits/game-watcher';
import { TurnWaiter } from './waits/turn-waiter';
import { WatchLinks } from './watch/watch-links';
import { webhookParts, type WebhookParts } from './webhooks/parts';

/** What the application is built from. Only entry points (functions/) read the environment to fill this in. */
export interface ApplicationOptions {
  readonly store: EventStore;
  /** The token-signing secret (≥ 32 characters), or how to fetch it once. */
  readonly secret: SecretSource;
  /** Shuffles each deal; cryptographically secure (node:crypto) unless a test passes its own. */
  readonly shuffle?: Shuffle;
  readonly logger?: Logger;
  /** How many games' latest states to keep in memory for the move path (0 turns it off). */
  readonly cacheSize?: number;
  /** The time now (ms since the epoch); the machine's clock unless a test passes its own. */
  readonly clock?: Clock;
  /** How the server plays bots: the real ones by default; a test may pass its own chooser, randomness, bounds. */
  readonly bots?: BotOptions;
  /** How long a game may wait for players with nothing happening before the sweeper closes it (default 7 days). */
  readonly staleAfterMs?: number;
  /** How often a long-poll looks for news, in milliseconds (default 250). */
  readonly pollMs?: number;
  /**
   * Webhooks: URLs over plain HTTP to loopback are accepted for endpoints (local development and
   * tests only; off, only HTTPS to public addresses), and `onNotify` hears of each commit written
   * with notifications (the local server sweeps soon after it).
   */
  readonly webhooks?: { readonly allowLoopbackHttp?: boolean; readonly onNotify?: () => void };
}

/** The application's parts, each built once: what the HTTP shell is handed. */
export interface Application {
  readonly store: EventStore;
  /** A player's use cases on games: create, join, act, read, catch up. */
  readonly games: Games;
  /** Finished games: rematch, export, replay. */
  readonly finishedGames: FinishedGames;
  readonly lobby: Lobby;
  readonly myGames: MyGames;
  /** The one command path every actor's command goes through (the routes not yet on a use case). */
  readonly gameService: GameService;
  readonly players: PlayerRepository;
  /** Accounts: registration, tokens, renames, deletion, and what a bearer token opens. */
  readonly accounts: Accounts;
  /** Long-polls of games' news. */
  readonly watcher: GameWatcher;
  /** What the signing secret derives (tokens, ids, invite codes), once the secret is known. */
  readonly signer: () => Promise<Signer>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Players' webhook endpoints, and the deliveries made for them. */
  readonly webhooks: WebhookParts;
  /** Which endpoint URLs are accepted (HTTPS to public addresses; loopback HTTP in local use). */
  readonly urlPolicy: UrlPolicy;
  readonly watchLinks: WatchLinks;
  readonly messages: MessageLog;
}

/**
 * The application on its store: every part built once, from the options alone.
 * @example const app = createApplication({ store, secret: process.env.TOKEN_SECRET! });
 */
export function createApplication(options: ApplicationOptions): Application {
  const logger = options.logger ?? jsonLogger;
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 250;
  const secret = lazySecret(options.secret);
  let signed: Promise<Signer> | undefined;
  const players = new PlayerRepository(options.store);
  const webhooks = webhookParts(options.store, clock, logger, options.webhooks?.onNotify);
  const games = createGameService({ ...options, logger, notifier: webhooks.notifier });
  const signer = () =>
    // A failed fetch of the secret is tried again on the next request, so only a success is kept.
    (signed ??= secret().then(
      (s) => new Signer(s),
      (error: unknown) => {
        signed = undefined;
        throw error;
      },
    ));
  const cache = new AccountCache(players, clock);
  const accounts = new Accounts({ players, cache, signer, clock, games, store: options.store });
  const watcher = new GameWatcher(options.store, pollMs);
  const seats = { games, signer, players: accounts };
  return {
    store: options.store,
    games: new Games({ ...seats, watcher }),
    finishedGames: new FinishedGames(seats),
    lobby: new Lobby({ ...seats, store: options.store, clock }),
    myGames: new MyGames(options.store, new TurnWaiter(options.store, pollMs), accounts),
    gameService: games,
    webhooks,
    urlPolicy: { allowLoopbackHttp: options.webhooks?.allowLoopbackHttp ?? false },
    players,
    accounts,
    watcher,
    watchLinks: new WatchLinks(options.store),
    messages: new MessageLog(options.store),
    signer,
    clock,
    logger,
  };
}
