import { checkVersion } from './keys';

/** A seated player as the head lists them. */
export interface SeatInfo {
  playerId: string;
  name: string;
}

/**
 * What the API answers about a game without folding it. The store knows no rules: the caller
 * computes it and stores it with the commit it was computed from (`AppendMeta.head`). Extra JSON
 * fields (a summary, scores) are stored and returned as given.
 */
export interface GameHead {
  /** The commit this head was computed from. */
  version: number;
  status: string;
  /** The player whose turn it is, or null. */
  turn: string | null;
  seats: (SeatInfo | null)[];
  /** ISO 8601. Orders the player lists (see `listPlayerGames`). */
  updatedAt: string;
  [field: string]: unknown;
}

/**
 * Rejects a head the store could not order or key before it costs a request, and returns its
 * `updatedAt` normalised to `Date.toISOString()` so that sort keys compare as text.
 */
export function checkHead(head: GameHead, version?: number): string {
  if (typeof head !== 'object' || head === null) throw new TypeError('head must be an object');
  checkVersion('head.version', head.version);
  if (version !== undefined && head.version !== version) {
    throw new TypeError(
      `head.version must be the version of the commit it is stored with (${version}), got ${head.version}`,
    );
  }
  const time = new Date(typeof head.updatedAt === 'string' ? head.updatedAt : Number.NaN);
  if (Number.isNaN(time.getTime()))
    throw new TypeError(`head.updatedAt must be an ISO 8601 time, got ${head.updatedAt}`);
  return time.toISOString();
}
