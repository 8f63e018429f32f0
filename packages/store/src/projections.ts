import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { awaitingItem, putAwaiting } from './awaiting';
import {
  AWAITING_ATTRIBUTE,
  checkAwaiting,
  encodeAwaiting,
  encodeHead,
  HEAD_ATTRIBUTE,
  type Awaiting,
  type Commit,
} from './commit';
import type { Dynamo } from './dynamo';
import { NotFoundError } from './errors';
import { checkHead, type GameHead } from './head';
import { AWAITING_SK, checkId, checkVersion, itemKey, MAX_SEAT, memberSk, playerKey } from './keys';
import { decodePayload, encodePayload } from './payload';
import { readAll } from './read';

/** One seat's membership in a game: what lists the game among its player's games. */
export interface GameMember {
  /** 0-based, at most `MAX_SEAT`. A seat's member item is overwritten in place, so a seat holds one player. */
  seat: number;
  playerId: string;
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

/** The `byPlayer` sort key: the head's `updatedAt` when this member item was last written. */
export const memberSortKey = (updatedAt: string, gameId: string): string => `${updatedAt}#${gameId}`;

function checkMembers(members: readonly GameMember[]): void {
  if (!Array.isArray(members)) throw new TypeError('members must be an array');
  const seats = new Set<number>();
  for (const { seat, playerId } of members) {
    checkVersion('member seat', seat);
    if (seat > MAX_SEAT) throw new TypeError(`member seat must be at most ${MAX_SEAT}, got ${seat}`);
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
export async function updateProjections(
  dynamo: Dynamo,
  gameId: string,
  input: ProjectionInput,
  rebuild = false,
): Promise<ProjectionResult> {
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
          gpk: { S: playerKey(member.playerId) },
          gsk: { S: memberSortKey(sortTime, gameId) },
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

/** What `rebuildProjections` writes: every member, the newest commit's head, and whom it awaits. */
export interface RebuildInput extends ProjectionInput {
  awaiting: Awaiting;
}

/** Options of `rebuildProjections`. */
export interface RebuildOptions {
  /** The time now, to tell a stray awaiting item from one an append is writing (default: the clock). */
  now?: Date;
}

/**
 * Recomputes a game's projections from its commits and writes them, in parallel: every member item
 * and the awaiting item (each over any of the same version or older), and the newest commit's head
 * and `awaiting` (an UpdateItem). The head `project` returns must be the newest commit's version.
 * An awaiting item for a version the game lacks is replaced too once it is old enough to be stray.
 */
export async function rebuildProjections(
  dynamo: Dynamo,
  gameId: string,
  project: (commits: Commit[]) => RebuildInput,
  options: RebuildOptions = {},
): Promise<ProjectionResult> {
  const commits = await readAll(dynamo, gameId);
  const newest = commits[commits.length - 1];
  if (!newest) throw new NotFoundError(`game ${gameId} has no commits to rebuild from`);
  const input = project(commits);
  checkHead(input.head, newest.version);
  checkMembers(input.members);
  checkAwaiting(input.awaiting);
  const hd = encodeHead(input.head);
  const [commit, awaiting, members] = await Promise.all([
    // attribute_exists: repair the commit's head, never create a commit that is not there.
    dynamo.updateIf({
      Key: itemKey(gameId, newest.version),
      UpdateExpression: 'SET #hd = :hd, #aw = :aw',
      ConditionExpression: 'attribute_exists(#sk)',
      ExpressionAttributeNames: { '#hd': HEAD_ATTRIBUTE, '#aw': AWAITING_ATTRIBUTE, '#sk': 'sk' },
      ExpressionAttributeValues: { ':hd': hd, ':aw': encodeAwaiting(input.awaiting) },
    }),
    putAwaiting(dynamo, gameId, input.head, input.awaiting, { sameVersion: true, hd }),
    updateProjections(dynamo, gameId, input, true),
  ]);
  const replaced = awaiting ? false : await replaceStrayAwaiting(dynamo, gameId, newest.version, input, hd, options);
  const others = [commit !== null, awaiting || replaced];
  const written = others.filter(Boolean).length;
  return { written: members.written + written, skipped: members.skipped + others.length - written };
}

/**
 * How old an awaiting item ahead of the game must be before a rebuild treats it as stray. An
 * append writes its commit and its awaiting item at the same time, so for the few milliseconds (at
 * most a request's timeout) until the commit lands, a fresh item ahead of the game is normal.
 */
export const STRAY_AWAITING_AFTER_MS = 60_000;

/**
 * An awaiting item for a version the game does not have, written long ago, is stray: its commit
 * failed (throttled, or lost on the network) and nobody retried. It would keep listing the game on
 * the wrong player's "my turn" list until the next move, so the rebuild replaces it, but only that
 * exact item (condition on its version), never one an append has just written.
 */
async function replaceStrayAwaiting(
  dynamo: Dynamo,
  gameId: string,
  newest: number,
  input: RebuildInput,
  hd: AttributeValue,
  options: RebuildOptions,
): Promise<boolean> {
  const { Item } = await dynamo.get({ Key: itemKey(gameId, AWAITING_SK), ConsistentRead: true });
  const version = Number(Item?.v?.N);
  const head = Item?.[HEAD_ATTRIBUTE] ? (decodePayload(Item[HEAD_ATTRIBUTE]) as Partial<GameHead>) : null;
  const age = (options.now ?? new Date()).getTime() - Date.parse(head?.updatedAt ?? '');
  if (!(version > newest) || !(age > STRAY_AWAITING_AFTER_MS)) return false;
  const written = await dynamo.putIf({
    Item: awaitingItem(gameId, input.head, input.awaiting, hd),
    ConditionExpression: '#v = :stray',
    ExpressionAttributeNames: { '#v': 'v' },
    ExpressionAttributeValues: { ':stray': { N: String(version) } },
  });
  return written !== null;
}
