import { encodeHead, HEAD_ATTRIBUTE, type Commit } from './commit';
import type { Dynamo } from './dynamo';
import { NotFoundError } from './errors';
import { checkHead, type GameHead } from './head';
import { checkId, checkVersion, itemKey, memberSk, playerKey } from './keys';
import { encodePayload } from './payload';
import { readAll } from './read';

/** One seat's membership in a game: what lists the game among its player's games. */
export interface GameMember {
  /** 0-based. A seat's member item is overwritten in place, so a seat holds one player. */
  seat: number;
  playerId: string;
  myTurn: boolean;
}

/** What `updateProjections` writes for one game: the member items given, each with a copy of `head`. */
export interface ProjectionInput {
  head: GameHead;
  members: GameMember[];
}

/** How many items were written, and how many were skipped as already as new or newer. */
export interface ProjectionResult {
  written: number;
  skipped: number;
}

/**
 * The `byPlayer` sort key: games where it is the player's turn first, then by the head's
 * `updatedAt` when this member item was last written (see `listPlayerGames`).
 */
export const memberSortKey = (myTurn: boolean, updatedAt: string, gameId: string): string =>
  `${myTurn ? 1 : 0}#${updatedAt}#${gameId}`;

function checkMembers(members: readonly GameMember[]): void {
  if (!Array.isArray(members)) throw new TypeError('members must be an array');
  const seats = new Set<number>();
  for (const { seat, playerId } of members) {
    checkVersion('member seat', seat);
    checkId('member playerId', playerId);
    if (seats.has(seat)) throw new TypeError(`member seat ${seat} is given twice`);
    seats.add(seat);
  }
}

/**
 * Writes exactly the member items given (in parallel), each guarded by the head's version so that
 * a late or repeated update is a no-op, and a half-applied one can simply be applied again.
 * `rebuild` also rewrites items at the same version (used by `rebuildProjections`).
 */
export async function updateProjections(dynamo: Dynamo, gameId: string, input: ProjectionInput, rebuild = false): Promise<ProjectionResult> {
  checkId('gameId', gameId);
  const { head, members } = input;
  const sortTime = checkHead(head);
  checkMembers(members);

  const version = { N: String(head.version) };
  const hd = encodePayload(head);
  const writes = await Promise.all(
    members.map((member) =>
      dynamo.putIf({
        Item: {
          ...itemKey(gameId, memberSk(member.seat)),
          v: version,
          [HEAD_ATTRIBUTE]: hd,
          pl: { S: member.playerId },
          mt: { BOOL: member.myTurn },
          gpk: { S: playerKey(member.playerId) },
          gsk: { S: memberSortKey(member.myTurn, sortTime, gameId) },
        },
        ConditionExpression: `attribute_not_exists(#v) OR #v ${rebuild ? '<=' : '<'} :v`,
        ExpressionAttributeNames: { '#v': 'v' },
        ExpressionAttributeValues: { ':v': version },
      }),
    ),
  );
  const written = writes.filter((w) => w !== null).length;
  return { written, skipped: members.length - written };
}

/**
 * Recomputes a game's projections from its commits and writes them: every member item (over any
 * of the same version or older) and the newest commit's head, in parallel. The head `project`
 * returns must be the newest commit's version.
 */
export async function rebuildProjections(
  dynamo: Dynamo,
  gameId: string,
  project: (commits: Commit[]) => ProjectionInput,
): Promise<ProjectionResult> {
  const commits = await readAll(dynamo, gameId);
  const newest = commits[commits.length - 1];
  if (!newest) throw new NotFoundError(`stream ${gameId} has no commits to rebuild from`);
  const input = project(commits);
  checkHead(input.head, newest.version);
  checkMembers(input.members);
  const [head, members] = await Promise.all([
    // attribute_exists: repair the commit's head, never create a commit that is not there.
    dynamo.updateIf({
      Key: itemKey(gameId, newest.version),
      UpdateExpression: 'SET #hd = :hd',
      ConditionExpression: 'attribute_exists(#sk)',
      ExpressionAttributeNames: { '#hd': HEAD_ATTRIBUTE, '#sk': 'sk' },
      ExpressionAttributeValues: { ':hd': encodeHead(input.head) },
    }),
    updateProjections(dynamo, gameId, input, true),
  ]);
  return head ? { written: members.written + 1, skipped: members.skipped } : { ...members, skipped: members.skipped + 1 };
}
