import type { Shuffle } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { AccountCache } from './accounts/account-cache';
import { Accounts } from './accounts/accounts';
import { PlayerRepository } from './accounts/repository';
import { systemClock, type Clock } from './clock';
import type { BotOptions } from './games/bot-players';
import { createGameService } from './games/create-service';
import { FinishedGames } from './games/finished-games';
import { Games } from './games/games';
import { MyGames } from './games/my-games';
import { Lobby } from './lobby/lobby';
import { lazySecret, type SecretSource } from './identity/secret';
import { Signer } from './identity/signer';
import { jsonLogger, type Logger } from './logging';
import { MessagesService } from './messages/messages-service';
import { pushParts } from './push/parts';
import { PushSubscriptionsService } from './push/subscriptions-service';
import type { PushConfig } from './push/vapid';
import type { RateLimit } from './token-buckets';
import { GameWatcher } from './waits/game-watcher';
import { TurnWaiter } from './waits/turn-waiter';
import { WatchLinksService } from './watch/watch-links-service';
import { WebhookEndpointsService } from './webhooks/endpoints-service';
import { webhookParts } from './webhooks/parts';

/** What the application is built from. Only entry points (functions/) read the environment to fill this in. */
export interface ApplicationOptions {
  readonly store: Store;
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
  /** Messages per player and game (default `MESSAGE_RATE`: 5 at once, then one every 5 s). */
  readonly messageRate?: RateLimit;
  /**
   * Webhooks: URLs over plain HTTP to loopback are accepted for endpoints (local development and
   * tests only; off, only HTTPS to public addresses), and `onNotify` hears of each commit written
   * with notifications (the local server sweeps soon after it).
   */
  readonly webhooks?: { readonly allowLoopbackHttp?: boolean; readonly onNotify?: () => void };
  /** Web Push: the VAPID secret and contact (none: the routes say `push/not-configured`, nothing is pushed). */
  readonly push?: PushConfig;
}

/** The application's parts, each built once: what the HTTP shell is handed. */
export interface Application {
  /** A player's use cases on games: create, join, act, read, catch up. */
  readonly games: Games;
  /** Finished games: rematch, export, replay. */
  readonly finishedGames: FinishedGames;
  readonly lobby: Lobby;
  readonly myGames: MyGames;
  readonly players: PlayerRepository;
  /** Accounts: registration, tokens, renames, deletion, and what a bearer token opens. */
  readonly accounts: Accounts;
  /** Long-polls of games' news. */
  readonly watcher: GameWatcher;
  /** What the signing secret derives (tokens, ids, invite codes), once the secret is known. */
  readonly signer: () => Promise<Signer>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** A player's webhook endpoints and their delivery logs, as the owner manages them. */
  readonly webhookEndpoints: WebhookEndpointsService;
  /** Watch links of games: made, listed and revoked by the players, and what a watcher reads. */
  readonly watchLinks: WatchLinksService;
  /** Games' table talk: post, read, mute. */
  readonly messages: MessagesService;
  /** A player's browsers' push subscriptions, and the VAPID public key. */
  readonly pushSubscriptions: PushSubscriptionsService;
}

/**
 * The application on its store: every part built once, from the options alone.
 * @example const app = createApplication({ store, secret: process.env.TOKEN_SECRET! });
 */
export function createApplication(options: ApplicationOptions): Application {
  const { store } = options;
  const logger = options.logger ?? jsonLogger;
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 250;
  const signer = lazySigner(options.secret);
  const players = new PlayerRepository(store);
  const { notifier, webhookEndpoints, pushSubscriptions } = notificationServices(options, { clock, logger, signer });
  const games = createGameService({ ...options, logger, notifier });
  const cache = new AccountCache(players, clock);
  const accounts = new Accounts({
    players,
    cache,
    signer,
    clock,
    games,
    store,
    belongings: allOf(webhookEndpoints, pushSubscriptions),
    signOut: (playerId, sessions) => pushSubscriptions.signOut(playerId, sessions),
  });
  const watcher = new GameWatcher(store, pollMs);
  const seats = { games, signer, players: accounts };
  const rate = options.messageRate;
  return {
    games: new Games({ ...seats, watcher }),
    finishedGames: new FinishedGames(seats),
    lobby: new Lobby({ ...seats, store, clock }),
    myGames: new MyGames(store, new TurnWaiter(store, pollMs), accounts),
    webhookEndpoints,
    players,
    accounts,
    watcher,
    watchLinks: new WatchLinksService({ store, games, watcher, signer, clock }),
    messages: new MessagesService({
      store,
      games,
      accounts,
      clock,
      watcher: new GameWatcher(store, pollMs),
      ...(rate ? { rate } : {}),
    }),
    pushSubscriptions,
    signer,
    clock,
    logger,
  };
}

/** What a deleted account's belongings are: each kind removed in turn (a retry of the deletion repeats them all). */
function allOf(...kinds: readonly { removeAll(playerId: string): Promise<void> }[]) {
  return {
    async removeAll(playerId: string): Promise<void> {
      for (const kind of kinds) await kind.removeAll(playerId);
    },
  };
}

/** The signer, made once the secret is fetched; a failed fetch is tried again on the next request, so only a success is kept. */
function lazySigner(source: SecretSource): () => Promise<Signer> {
  const secret = lazySecret(source);
  let signed: Promise<Signer> | undefined;
  return () =>
    (signed ??= secret().then(
      (s) => new Signer(s),
      (error: unknown) => {
        signed = undefined;
        throw error;
      },
    ));
}

/**
 * What tells players of their games, and what they manage of it: the commits' notifier (webhooks,
 * and pushes when push is configured), their webhook endpoints and their browsers' push subscriptions.
 */
function notificationServices(
  options: ApplicationOptions,
  at: { clock: Clock; logger: Logger; signer: () => Promise<Signer> },
) {
  const { store } = options;
  const { clock, signer } = at;
  const push = pushParts(store, clock, options.push);
  const onNotify = options.webhooks?.onNotify;
  const webhooks = webhookParts(store, clock, at.logger, onNotify, push.vapid ? push.outbox : null);
  const urlPolicy = { allowLoopbackHttp: options.webhooks?.allowLoopbackHttp ?? false };
  const written = onNotify ? { written: onNotify } : {};
  return {
    notifier: webhooks.notifier,
    webhookEndpoints: new WebhookEndpointsService({ ...webhooks, store, signer, clock, urlPolicy }),
    pushSubscriptions: new PushSubscriptionsService({ ...push, store, clock, urlPolicy, ...written }),
  };
}
