import { redactEvent, type GameEvent, type Seat, type VisibleEvent } from '@chickenfoot/rules';
import type { Commit, ReadRecentOptions } from '@chickenfoot/store';

/** Where a hand's commits are read from (the game repository). */
export interface CommitReader {
  readRecent(gameId: string, options: ReadRecentOptions): Promise<Commit<GameEvent>[]>;
}

// Most hands fit the first page; a longer one is read on, back to its deal, in bigger pages.
const FIRST_PAGE = 48;
const NEXT_PAGE = 192;

/**
 * The events of a game's current hand, from its `HandDealt` on, up to a version: what bots decide
 * from, each through its own seat's redaction. Kept up to date with the commits a chain of bot moves
 * makes, so a chain reads it once.
 */
export class HandLog {
  private constructor(
    private events: GameEvent[],
    private at: number,
  ) {}

  /**
   * Reads the current hand's events up to `version`, newest commits first: one Query (without
   * snapshots) unless the hand is longer than the first page.
   * @example const log = await HandLog.read(repository, gameId, game.version);
   */
  static async read(store: CommitReader, gameId: string, version: number): Promise<HandLog> {
    const commits: GameEvent[][] = [];
    for (let upTo = version, count = FIRST_PAGE; upTo > 0; count = NEXT_PAGE) {
      const page = await store.readRecent(gameId, { count, upTo, snapshots: false });
      for (let i = page.length - 1; i >= 0; i--) {
        const events = page[i]?.events ?? [];
        const dealt = events.findLastIndex((e) => e.type === 'HandDealt');
        if (dealt >= 0) return new HandLog([...events.slice(dealt), ...commits.reverse().flat()], version);
        commits.push(events);
      }
      const oldest = page[0]?.version ?? 1;
      if (oldest <= 1 || page.length < count) break;
      upTo = oldest - 1;
    }
    // No hand dealt yet (a game waiting for players): nothing to decide from.
    return new HandLog([], version);
  }

  /** The version the log is up to. */
  get version(): number {
    return this.at;
  }

  /** Adds the events of the commit at `version` (the one after the log's): a new deal starts it afresh. */
  extend(version: number, events: readonly GameEvent[]): void {
    if (version !== this.at + 1) throw new Error(`the hand log is at ${this.at}; commit ${version} does not follow`);
    const dealt = events.findLastIndex((e) => e.type === 'HandDealt');
    this.events = dealt >= 0 ? events.slice(dealt) : [...this.events, ...events];
    this.at = version;
  }

  /** The log as `seat` may see it: the deal shows only its tiles, a draw only its own. */
  seenBy(seat: Seat): VisibleEvent[] {
    return this.events.map((event) => redactEvent(event, seat));
  }
}
