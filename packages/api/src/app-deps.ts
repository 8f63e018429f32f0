import type { Application, OpenWatch, TestClock } from '@chickenfoot/app';
import type { RateLimit } from './http/rate-limit';
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

/** What every route is handed: the application's parts, and the limits the HTTP shell enforces. */
export interface AppDeps extends Application {
  readonly limits: Limits;
  /** The server's test clock, on a local or test server that asked for one (never on AWS). */
  readonly testClock?: TestClockOption;
}

/** A test clock, and what to do once it moved (the local server sweeps at once: what fell due happens). */
export interface TestClockOption {
  readonly clock: TestClock;
  readonly onAdvance?: () => void;
}

/** Hono's environment for this app: what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    playerId: string;
    sessionId: string;
    /** On /v1/watch routes: the game and the link the watch token names. */
    watch: OpenWatch;
  };
}
