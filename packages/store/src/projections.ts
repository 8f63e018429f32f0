import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Dynamo } from './dynamo';
import { checkId, checkVersion, HEAD_SK, itemKey, memberSk, playerKey } from './keys';
import { decodePayload, encodePayload } from './payload';

/** A seated player as the head lists them. */
export interface SeatInfo {
  playerId: string;
  name: string;
}

/**
 * What the API answers about a game without folding it. The store knows no rules: the caller
 * computes it. Extra JSON fields (a summary, scores) are stored and returned as given.
 */
export interface GameHead {
  /** The commit this head was computed from; an older head never overwrites a newer one. */
  version: number;
  status: string;
  /** The player whose turn it is, or null. */
  turn: string | null;
  seats: (SeatInfo | null)[];
  /** ISO 8601. Orders the player lists. */
  updatedAt: string;
  [field: string]: unknown;
}

/** One player's membership in a game: what lists the game among theirs. */
export interface GameMember {
  playerId: string;
  myTurn: boolean;
}

/** Everything `updateProjections` writes for one game. */
export interface ProjectionInput {
  head: GameHead;
  members: GameMember[];
}

/** How many projection items were written, and how many were skipped as already as new or newer. */
export interface ProjectionResult {
  written: number;
  skipped: number;
}

/** The `byPlayer` sort key: games where it is the player's turn first, then by last update. */
export const memberSortKey = (myTurn: boolean, updatedAt: string, gameId: string): string =>
  `${myTurn ? 1 : 0}#${updatedAt}#${gameId}`;

function isoTime(text: string): string {
  const time = new Date(typeof text === 'string' ? text : Number.NaN);
  if (Number.isNaN(time.getTime())) throw new TypeError(`head.updatedAt must be an ISO 8601 time, got ${text}`);
  return time.toISOString();
}

/**
 * Writes a game's head and one item per member, in parallel, each guarded by its own version so
 * that a late or repeated update is a no-op, and a half-applied one can simply be applied again.
 * `rebuild` also rewrites items at the same version (used by `rebuildProjections`).
 */
export async function updateProjections(dynamo: Dynamo, gameId: string, input: ProjectionInput, rebuild = false): Promise<ProjectionResult> {
  checkId('gameId', gameId);
  const { head, members } = input;
  checkVersion('head.version', head.version);
  const sortTime = isoTime(head.updatedAt);
  for (const member of members) checkId('member playerId', member.playerId);

  const version = { N: String(head.version) };
  const hd = encodePayload(head);
  const guard = {
    ConditionExpression: `attribute_not_exists(#v) OR #v ${rebuild ? '<=' : '<'} :v`,
    ExpressionAttributeNames: { '#v': 'v' },
    ExpressionAttributeValues: { ':v': version },
  };
  const put = (sk: number, attributes: Record<string, AttributeValue>, returnOld = false) =>
    dynamo.putIf({ Item: { ...itemKey(gameId, sk), v: version, hd, ...attributes }, ...guard, ...(returnOld ? { ReturnValues: 'ALL_OLD' } : {}) });

  const writes = [
    // The old head tells how many members there were, so members who left can be removed below.
    put(HEAD_SK, { mc: { N: String(members.length) } }, true),
    ...members.map((member, i) =>
      put(memberSk(i), {
        pl: { S: member.playerId },
        mt: { BOOL: member.myTurn },
        gpk: { S: playerKey(member.playerId) },
        gsk: { S: memberSortKey(member.myTurn, sortTime, gameId) },
      }),
    ),
  ];
  const [headWrite, ...memberWrites] = await Promise.all(writes);

  // A game that lost members (a seat left before the start) keeps no stale membership: their slots
  // become versioned tombstones without index keys (so out of `byPlayer`), not deleted items, which
  // an older update arriving late would recreate.
  const before = Number(headWrite?.Attributes?.mc?.N ?? 0);
  const removals = [];
  for (let i = members.length; i < before; i++) {
    removals.push(dynamo.putIf({ Item: { ...itemKey(gameId, memberSk(i)), v: version }, ...guard }));
  }
  await Promise.all(removals);

  const written = [headWrite, ...memberWrites].filter((w) => w !== null).length;
  return { written, skipped: writes.length - written };
}

/** The game's head as last written; null when it has none. One strongly consistent GetItem. */
export async function getHead(dynamo: Dynamo, gameId: string): Promise<GameHead | null> {
  checkId('gameId', gameId);
  const { Item } = await dynamo.get({ Key: itemKey(gameId, HEAD_SK), ConsistentRead: true });
  return Item ? (decodePayload(Item.hd) as GameHead) : null;
}
