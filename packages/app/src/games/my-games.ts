import type { BotLevel } from '@chickenfoot/rules';
import type { AwaitingGame, Store, GameHead, PlayerGamesPage } from '@chickenfoot/store';
import { pageWith } from '../cursor';
import { revokedWhileWaiting } from '../errors';
import { REVOKED } from '../waits/long-poll';
import type { TurnWaiter } from '../waits/turn-waiter';
import type { PlayerSeat } from './player-seat';

/** One of a player's games as their list shows it. */
export interface MyGame {
  readonly id: string;
  readonly yourTurn: boolean;
  readonly status: 'waiting' | 'playing' | 'finished';
  readonly version: number;
  readonly since: string;
  readonly seats: GameHead['seats'];
  readonly bots: (BotLevel | null)[];
  readonly turnHours: number | null;
  readonly deadline: string | null;
  /** Whether the player's seat is away (timed out too often): its bot plays their turns until they return. */
  readonly away: boolean;
  /** The game this one is the rematch of, or null. */
  readonly rematchOf: string | null;
  /** A rematch keeps a seat for the player, who has not taken it yet (join without a code). */
  readonly invited: boolean;
}

/** Which of a player's games to list, and how long to wait for one to await them. */
export interface MyGamesQuery {
  /** `mine`: only the games waiting for the player's move, the nearest deadline first (then the one waiting longest). */
  readonly turn?: 'mine';
  readonly limit: number;
  readonly cursor?: string;
  /** With `turn: 'mine'` and none waiting: how long to wait for one (a long-poll), in ms. */
  readonly waitMs: number;
  readonly signal?: AbortSignal;
  /** The session of the token the caller waits with: revoked, it ends the wait. */
  readonly session?: string;
}

/** A player's games: every one they are seated in, or those waiting for their move. */
export class MyGames {
  constructor(
    private readonly store: Store,
    private readonly turnWaiter: TurnWaiter,
    private readonly sessions: Pick<PlayerSeat, 'sessionOpen'>,
  ) {}

  /**
   * One page of the player's games. With `turn: 'mine'` one Query of their turn entries (waiting up to
   * `waitMs` for one when there is none); otherwise their games, each marked when it awaits them.
   */
  async list(playerId: string, query: MyGamesQuery): Promise<{ games: MyGame[]; cursor: string | null }> {
    const { cursor } = query;
    const paging = { limit: query.limit, ...(cursor ? { cursor } : {}) };
    if (query.turn === 'mine') {
      const mine = () => pageWith(cursor, () => this.store.playerGames.list(playerId, { myTurn: true, ...paging }));
      let page = await mine();
      if (page.games.length === 0 && !cursor && query.waitMs > 0) {
        if (await this.#wait(playerId, query)) page = await mine();
      }
      return {
        games: page.games.map(({ gameId, head, since }) => summary(playerId, gameId, head, true, since)),
        cursor: page.cursor,
      };
    }
    const [page, waiting] = await Promise.all([
      pageWith(cursor, () => this.store.playerGames.list(playerId, paging)),
      this.#allAwaiting(playerId),
    ]);
    const games = page.games.map(({ gameId, head }) => {
      const current = waiting.get(gameId);
      if (!current) return summary(playerId, gameId, head, false, head.updatedAt);
      // The awaiting entry is written when the turn comes to the player, a member entry when what every
      // list shows changes (status, names, a bot taking a seat over, a seat away): the newer tells the table.
      const table = head.version > current.head.version ? head : current.head;
      const { seats, bots, away } = table;
      return summary(playerId, gameId, { ...current.head, seats, bots, away }, true, current.since);
    });
    return { games, cursor: page.cursor };
  }

  /** Waits for a game to await the player (see `TurnWaiter.wait`); a token revoked meanwhile ends it. */
  async #wait(playerId: string, query: MyGamesQuery): Promise<boolean> {
    const { session, signal } = query;
    const found = await this.turnWaiter.wait(playerId, query.waitMs, {
      ...(signal ? { signal } : {}),
      ...(session !== undefined ? { alive: () => this.sessions.sessionOpen(playerId, session) } : {}),
    });
    if (found === REVOKED) throw revokedWhileWaiting();
    return found;
  }

  /** Every game waiting on the player (a few pages at most: nobody keeps hundreds of games waiting). */
  async #allAwaiting(playerId: string): Promise<Map<string, { head: GameHead; since: string }>> {
    const waiting = new Map<string, { head: GameHead; since: string }>();
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: PlayerGamesPage<AwaitingGame> = await this.store.playerGames.list(playerId, {
        myTurn: true,
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      for (const game of page.games) waiting.set(game.gameId, game);
      cursor = page.cursor;
      if (!cursor) break;
    }
    return waiting;
  }
}

function summary(playerId: string, id: string, head: GameHead, yourTurn: boolean, since: string): MyGame {
  const seat = head.seats.findIndex((s) => s?.playerId === playerId);
  // Heads written before away seats were listed have none: nobody was shown away.
  const away = Array.isArray(head.away) && seat >= 0 && head.away[seat] === true;
  return {
    id,
    yourTurn,
    status: head.status as MyGame['status'],
    version: head.version,
    since,
    seats: head.seats,
    // Heads written before bot seats existed have no bots: nobody but players sat in those games.
    bots: Array.isArray(head.bots) ? (head.bots as (BotLevel | null)[]) : head.seats.map(() => null),
    turnHours: typeof head.turnHours === 'number' ? head.turnHours : null,
    // A turn entry's head carries the awaited player's deadline; member heads are not written move by move.
    deadline: yourTurn && typeof head.deadline === 'string' ? head.deadline : null,
    away,
    rematchOf: typeof head.rematchOf === 'string' ? head.rematchOf : null,
    invited: seat < 0 && head.status === 'waiting',
  };
}
