import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Dynamo } from './dynamo';
import { StoreError } from './errors';
import type { GameHead } from './head';
import { checkId, playerKey, seatOf } from './keys';
import { decodePayload } from './payload';
import { BY_PLAYER } from './table';

/** Options of `listPlayerGames`. */
export interface PlayerGamesOptions {
  /** true: only games where it is the player's turn; false: only the others; absent: all. */
  myTurn?: boolean;
  /** At most this many games per page. */
  limit?: number;
  /** The `cursor` of the previous page. */
  cursor?: string;
}

/**
 * One game in a player's list, with the head as of the last write of the player's member item:
 * members are written only when their entry changes, so it may be older than `getHead`'s.
 */
export interface PlayerGame {
  gameId: string;
  /** The player's seat in the game. */
  seat: number;
  myTurn: boolean;
  head: GameHead;
}

/** A page of a player's games. `cursor` is null on the last page (a non-null one may lead to an empty page). */
export interface PlayerGamesPage {
  games: PlayerGame[];
  cursor: string | null;
}

const encodeCursor = (key: Record<string, AttributeValue>): string =>
  Buffer.from(JSON.stringify(Object.entries(key).map(([name, value]) => [name, value.S ?? value.N]))).toString('base64url');

function decodeCursor(cursor: string): Record<string, AttributeValue> {
  try {
    const pairs = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string][];
    // `sk` is the table's only numeric key; every other key attribute is a string.
    return Object.fromEntries(pairs.map(([name, value]) => [name, name === 'sk' ? { N: String(value) } : { S: String(value) }]));
  } catch (error) {
    throw new StoreError('store/invalid-request', 'not a cursor from listPlayerGames', { cause: error });
  }
}

/**
 * A player's games with one Query on the `byPlayer` index (eventually consistent, as every GSI).
 * Each game is ordered by the head's `updatedAt` when the player's member item was last written,
 * which (members being written when their entry changes) is when their entry last changed:
 * - `myTurn: true`: the games waiting for them, by when it became their turn, longest waiting first;
 * - `myTurn: false`: the others, by when their turn last ended (or they joined), most recent first;
 * - no filter: the games where it is their turn (most recent first), then the others.
 */
export async function listPlayerGames(dynamo: Dynamo, playerId: string, options: PlayerGamesOptions = {}): Promise<PlayerGamesPage> {
  checkId('playerId', playerId);
  const { myTurn, limit, cursor } = options;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) throw new TypeError(`limit must be a whole number >= 1, got ${limit}`);
  const prefix = myTurn === undefined ? null : myTurn ? '1#' : '0#';
  const { Items = [], LastEvaluatedKey } = await dynamo.query({
    IndexName: BY_PLAYER,
    KeyConditionExpression: prefix ? '#gpk = :player AND begins_with(#gsk, :prefix)' : '#gpk = :player',
    ExpressionAttributeNames: prefix ? { '#gpk': 'gpk', '#gsk': 'gsk' } : { '#gpk': 'gpk' },
    ExpressionAttributeValues: { ':player': { S: playerKey(playerId) }, ...(prefix ? { ':prefix': { S: prefix } } : {}) },
    ScanIndexForward: myTurn === true,
    ...(limit !== undefined ? { Limit: limit } : {}),
    ...(cursor !== undefined ? { ExclusiveStartKey: decodeCursor(cursor) } : {}),
  });
  const games = Items.map((item) => ({
    gameId: (item.pk?.S ?? '').replace(/^game#/, ''),
    seat: seatOf(Number(item.sk?.N)),
    myTurn: item.mt?.BOOL === true,
    head: decodePayload(item.hd) as GameHead,
  }));
  return { games, cursor: LastEvaluatedKey ? encodeCursor(LastEvaluatedKey) : null };
}
