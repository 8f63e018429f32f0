import type { EventStore } from '@chickenfoot/store';
import type { AccountCache } from './auth/sessions';
import type { Signer } from './auth/signer';
import type { Clock } from './clock';
import type { GameService } from './games/service';
import type { GameWatcher } from './games/watcher';
import type { TurnWaiter } from './games/turn-waiter';
import type { Logger } from './http/logging';
import type { RateLimit } from './http/rate-limit';
import type { PlayerRepository } from './players/repository';
import type { WebhookParts } from './webhooks/parts';
import type { UrlPolicy } from '@chickenfoot/webhooks';

/** Limits the API enforces; each has a safe default (see `createApp`). */
export interface Limits {
  /** Largest request body accepted, in bytes. */
  readonly bodyBytes: number;
  /** Longest long-poll `wait`, in seconds. */
  readonly maxWaitSeconds: number;
  /** How often a long-poll looks for news, in milliseconds. */
  readonly pollMs: number;
  /** Largest page of commits one events request returns. */
  readonly maxPage: number;
  /** Requests per player (every authenticated route). */
  readonly perPlayer: RateLimit;
  /** Registrations per client address. */
  readonly registrations: RateLimit;
  /** Messages per player and game. */
  readonly messages: RateLimit;
}

/** The app's parts, built once by `createApp` and handed to every route: the one dependency object. */
export interface AppDeps {
  readonly store: EventStore;
  /** Every command on a game goes through it, whoever the actor. */
  readonly games: GameService;
  readonly players: PlayerRepository;
  /** Accounts as this process last read them (within a bound), for token checks and names. */
  readonly accounts: AccountCache;
  readonly watcher: GameWatcher;
  /** Long-polls of "my turn" lists (`GET /v1/me/games?turn=mine&wait=`). */
  readonly turnWaiter: TurnWaiter;
  /** What the signing secret derives (tokens, ids, invite codes), once the secret is known. */
  readonly signer: () => Promise<Signer>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly limits: Limits;
  /** Players' webhook endpoints, and the deliveries made for them. */
  readonly webhooks: WebhookParts;
  /** Which endpoint URLs are accepted (HTTPS to public addresses; loopback HTTP in local use). */
  readonly urlPolicy: UrlPolicy;
}

/** Hono's environment for this app: what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    playerId: string;
    sessionId: string;
    /** On /v1/watch routes: the game and the link the watch token names. */
    watch: { gameId: string; linkId: string };
  };
}
