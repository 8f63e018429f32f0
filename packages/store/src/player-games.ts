import type { Commit } from './commit';
import { Dynamo, type StoreOptions } from './dynamo';
import { decodeCursor as decode, encodeCursor } from './cursor';
import { StoreError } from './errors';
import type { GameHead } from './head';
import { checkId, playerKey, seatOf } from './keys';
import { decodePayload } from './payload';
import { BY_PLAYER } from './table';
import {
  rebuildProjections,
  updateProjections,
  type ProjectionInput,
  type ProjectionResult,
  type RebuildInput,
} from './projections';
import { compareTurns, listTurns, NO_DEADLINE, turnOrder, type TurnEntry } from './turns';

/** Options of `listPlayerGames`. */
export interface PlayerGamesOptions {
  /** At most this many games per page. */
  limit?: number;
  /** The `cursor` of the previous page (of the same list). */
  cursor?: string;
}

/** Options of `listPlayerGames` for the games waiting for the player's move. */
export interface MyTurnOptions extends PlayerGamesOptions {
  myTurn: true;
}

/** Options of `listPlayerGames` for all the player's games: no `myTurn` (so the page's type is known). */
export interface AllGamesOptions extends PlayerGamesOptions {
  myTurn?: undefined;
}

/**
 * A game the player is seated in, from their member item, with the head as of that item's last
 * write: members are written when a seat is taken or the game's status changes, not on every move,
 * so it may be older than `getHead`'s (whose turn it is, scores).
 */
export interface PlayerGame {
  gameId: string;
  /** The player's seat in the game. */
  seat: number;
  head: GameHead;
}

/** A game waiting for the player's move, from their turn entry: `head` as of when it began waiting on them. */
export interface AwaitingGame {
  gameId: string;
  head: GameHead;
  /** ISO 8601: since when the game has waited for this player's move. */
  since: string;
}

/** A page of a player's games. `cursor` is null on the last page (a non-null one may lead to an empty page). */
export interface PlayerGamesPage<G = PlayerGame> {
  games: G[];
  cursor: string | null;
}

const decodeCursor = (cursor: string) => decode(cursor, 'listPlayerGames');

/**
 * A player's games:
 * - `myTurn: true`: the games waiting for their move, the nearest deadline first (then those without a
 *   clock, the one waiting longest first), from their turn
 *   partition (one strongly consistent Query; paged here);
 * - otherwise, on `byPlayer`: all the games they are seated in, by when their member item was last
 *   written (joined, or the game's status changed), most recent first (one Query per page,
 *   eventually consistent as every GSI).
 */
export function listPlayerGames(
  dynamo: Dynamo,
  playerId: string,
  options: MyTurnOptions,
): Promise<PlayerGamesPage<AwaitingGame>>;
export function listPlayerGames(
  dynamo: Dynamo,
  playerId: string,
  options?: AllGamesOptions,
): Promise<PlayerGamesPage<PlayerGame>>;
export async function listPlayerGames(
  dynamo: Dynamo,
  playerId: string,
  options: PlayerGamesOptions & { myTurn?: boolean } = {},
): Promise<PlayerGamesPage<PlayerGame> | PlayerGamesPage<AwaitingGame>> {
  checkId('playerId', playerId);
  const { myTurn, limit, cursor } = options;
  if (myTurn !== undefined && myTurn !== true) {
    throw new TypeError('myTurn must be true or absent: list all games and leave out those waiting for the player');
  }
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1))
    throw new TypeError(`limit must be a whole number >= 1, got ${limit}`);
  if (myTurn) return waitingPage(await listTurns(dynamo, playerId), limit, cursor);
  const { Items = [], LastEvaluatedKey } = await dynamo.query({
    IndexName: BY_PLAYER,
    KeyConditionExpression: '#pk = :player',
    ExpressionAttributeNames: { '#pk': 'gpk' },
    ExpressionAttributeValues: { ':player': { S: playerKey(playerId) } },
    ScanIndexForward: false,
    ...(limit !== undefined ? { Limit: limit } : {}),
    ...(cursor !== undefined ? { ExclusiveStartKey: decodeCursor(cursor) } : {}),
  });
  const next = LastEvaluatedKey ? encodeCursor(LastEvaluatedKey) : null;
  const games = Items.map((item) => ({
    gameId: (item.pk?.S ?? '').replace(/^game#/, ''),
    seat: seatOf(Number(item.sk?.N)),
    head: decodePayload(item.hd) as GameHead,
  }));
  return { games, cursor: next };
}

/** One page of the games waiting on a player, after the game a cursor names (they are few: paged here). */
function waitingPage(
  entries: TurnEntry[],
  limit: number | undefined,
  cursor: string | undefined,
): PlayerGamesPage<AwaitingGame> {
  let start = 0;
  if (cursor !== undefined) {
    const after = decodeCursor(cursor);
    if (!after.since || !after.gid) throw new StoreError('store/invalid-request', 'not a cursor from listPlayerGames');
    // A cursor made before the list was ordered by deadline names none: it is read as a game without a clock.
    const key = [after.dl?.S ?? NO_DEADLINE, after.since.S ?? '', after.gid.S ?? ''];
    start = entries.findIndex((e) => compareTurns(turnOrder(e), key) > 0);
    if (start < 0) start = entries.length;
  }
  const page = entries.slice(start, limit === undefined ? undefined : start + limit);
  const last = page.at(-1);
  const more = start + page.length < entries.length;
  return {
    games: page.map(({ gameId, head, since }) => ({ gameId, head, since })),
    cursor: more && last ? encodeCursor(turnCursor(last)) : null,
  };
}

/** The cursor after `entry` in a list of waiting games: its place in `turnOrder`. */
function turnCursor(entry: TurnEntry) {
  const [deadline = NO_DEADLINE] = turnOrder(entry);
  return { dl: { S: deadline }, since: { S: entry.since }, gid: { S: entry.gameId } };
}

/**
 * The players' games, as a part of the store: each game's member items (`byPlayer`: every game a
 * player is seated in) and, read beside them, the turn lists (turns.ts); written after each append
 * that changes them, rebuilt from a game's commits.
 */
export class PlayerGames {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * Writes exactly the member items given (one PutItem each, in parallel) after an append, each
   * with a copy of `head` for `list`. Pass the members whose entry changed: a seat taken, or all
   * when the game's status changes (whose move it awaits is the append's `meta.turn`, not a
   * member's), or all to repair. Version-guarded per item and idempotent: an item as new or newer
   * than `head.version` is skipped, not an error. `removed` members (a player who left a seat before
   * the game started) are deleted, each only while the seat's item is still theirs and older than the
   * head. The head itself lives in the commit (`AppendMeta.turn`).
   * @example
   * await playerGames.update('g1', { head, members: [{ seat: 0, playerId: 'ann' }, { seat: 1, playerId: 'bob' }] });
   */
  update(gameId: string, input: ProjectionInput): Promise<ProjectionResult> {
    return updateProjections(this.#dynamo, gameId, input);
  }

  /**
   * Recomputes a game's member items and turn entries from its commits (snapshots are not decoded)
   * and writes them: every member `project` returns and every seated player's turn entry, at the
   * newest version, which repairs what was lost or never written. `project` gets the whole game (`E`:
   * its events, as appended) and returns the head for its newest commit, all members, and whom the
   * game awaits since when. Throws `NotFoundError` for an empty game.
   * @example
   * await playerGames.rebuild<GameEvent>('g1', (commits) => project(commits.flatMap((c) => c.events)));
   */
  rebuild<E = unknown>(gameId: string, project: (commits: Commit<E>[]) => RebuildInput): Promise<ProjectionResult> {
    return rebuildProjections(this.#dynamo, gameId, project);
  }

  /**
   * A player's games. With `myTurn: true`: the games waiting for their move (their turn entries:
   * one strongly consistent Query), the nearest deadline first, each with `since` and the head as
   * of when it began waiting on them.
   * Without it: every game they are seated in (`byPlayer`), most recently joined or changed in
   * status first, each with their seat and the head as of then. To mark which of those wait for
   * the player, merge in the `myTurn` list.
   * @example
   * const { games } = await playerGames.list('p1', { myTurn: true }); // the longest-waiting first
   * const all = await playerGames.list('p1', { limit: 50 });
   */
  list(playerId: string, options: MyTurnOptions): Promise<PlayerGamesPage<AwaitingGame>>;
  list(playerId: string, options?: AllGamesOptions): Promise<PlayerGamesPage<PlayerGame>>;
  list(
    playerId: string,
    options?: MyTurnOptions | AllGamesOptions,
  ): Promise<PlayerGamesPage<PlayerGame> | PlayerGamesPage<AwaitingGame>> {
    // listPlayerGames checks `myTurn` itself: a JavaScript caller may pass anything.
    return options?.myTurn === true
      ? listPlayerGames(this.#dynamo, playerId, options)
      : listPlayerGames(this.#dynamo, playerId, options as AllGamesOptions);
  }
}
