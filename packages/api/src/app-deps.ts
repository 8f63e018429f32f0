import type { DecideContext } from '@chickenfoot/rules';
import type { EventStore } from '@chickenfoot/store';
import type { GameRepository } from './games/repository';
import type { GameWatcher } from './games/watcher';
import type { Logger } from './http/logging';
import type { RateLimit } from './http/rate-limit';
import type { PlayerRepository } from './players/repository';

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
}

/** Everything the routes share: built once by `createApp`. */
export interface Services {
  readonly store: EventStore;
  readonly games: GameRepository;
  readonly players: PlayerRepository;
  readonly watcher: GameWatcher;
  readonly secret: () => Promise<string>;
  readonly context: DecideContext;
  readonly logger: Logger;
  readonly limits: Limits;
}

/** Hono's environment for this app: what middleware puts on the context. */
export interface AppEnv {
  Variables: { requestId: string; playerId: string };
}
