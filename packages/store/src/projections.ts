import type { Commit } from './commit';
import type { DueAt } from './due';
import type { Dynamo } from './dynamo';
import { NotFoundError } from './errors';
import { checkHead, type GameHead } from './head';
import { checkId, checkVersion, itemKey, MAX_SEAT, memberSk, playerKey } from './keys';
import { encodePayload } from './payload';
import { readAll } from './read';
import { checkTurnChange } from './turn-change';
import { writeTurns } from './turns';

/** One seat's membership in a game: what lists the game among its player's games. */
export interface GameMember {
  /** 0-based, at most `MAX_SEAT`. A seat's member item is overwritten in place, so a seat holds one player. */
  seat: number;
  playerId: string;
}

/**
 * What `updateProjections` writes for one game: the member items given, each with a copy of `head`,
 * and the deletion of the `removed` ones (a player who left a seat the game no longer lists them in).
 */
export interface ProjectionInput {
  head: GameHead;
  members: GameMember[];
  removed?: GameMember[];
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
 * Writes exactly the member items given and deletes the removed ones (in parallel), each guarded by
 * the head's version so that a late or repeated update is a no-op, and a half-applied one can simply
 * be applied again.
 * `rebuild` also rewrites items at the same version (used by `rebuildProjections`).
 */
export async function updateProjections(
  dynamo: Dynamo,
  gameId: string,
  input: ProjectionInput,
  rebuild = false,
): Promise<ProjectionResult> {
  checkId('gameId', gameId);
  const { head, members, removed = [] } = input;
  const sortTime = checkHead(head);
  checkMembers(members);
  checkMembers(removed);

  const version = { N: String(head.version) };
  const hd = encodePayload(head);
  const writes = await Promise.all(
    members.map((member) =>
      dynamo.putIf({
        Item: {
          ...itemKey(gameId, memberSk(member.seat)),
          v: version,
          hd,
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
  // A seat's item goes only while it is still that player's and older than this head: a newer player
  // in the seat (or a late, repeated deletion) is left alone.
  const deletes = await Promise.all(
    removed.map((member) =>
      dynamo.deleteIf({
        Key: itemKey(gameId, memberSk(member.seat)),
        ConditionExpression: '#pl = :pl AND #v < :v',
        ExpressionAttributeNames: { '#pl': 'pl', '#v': 'v' },
        ExpressionAttributeValues: { ':pl': { S: member.playerId }, ':v': version },
      }),
    ),
  );
  const written = [...writes, ...deletes].filter((w) => w !== null).length;
  return { written, skipped: members.length + removed.length - written };
}

/** What `rebuildProjections` writes: every member, and every seated player's turn entry. */
export interface RebuildInput extends ProjectionInput {
  /**
   * Whom the newest commit leaves the game awaiting (null: nobody), since when (ISO 8601), and in a
   * game with a turn clock their deadline (null: none).
   */
  awaiting: { playerId: string | null; since: string; due?: DueAt | null };
}

/**
 * Recomputes a game's projections from its commits and writes them, in parallel: every member item
 * (over any of the same version or older) and every seated player's turn entry (the awaited one's
 * waiting since `awaiting.since`, the others' tombstones; all deleted once the game is finished), at
 * the newest commit's version. `project` gets the whole game; the head it returns must be for the
 * newest commit. Repairs what an outage left unwritten or half-written.
 */
export async function rebuildProjections<E>(
  dynamo: Dynamo,
  gameId: string,
  project: (commits: Commit<E>[]) => RebuildInput,
): Promise<ProjectionResult> {
  const commits = await readAll<E>(dynamo, gameId);
  const newest = commits[commits.length - 1];
  if (!newest) throw new NotFoundError(`game ${gameId} has no commits to rebuild from`);
  const input = project(commits);
  checkHead(input.head, newest.version);
  checkMembers(input.members);
  const { playerId: awaited, since, due } = input.awaiting;
  checkTurnChange({ from: null, to: awaited });
  const seated = input.head.seats.flatMap((seat) => (seat ? [seat.playerId] : []));
  const write = (from: string | null, to: string | null, at: string) =>
    writeTurns(dynamo, gameId, {
      version: newest.version,
      at,
      change: { from, to },
      head: input.head,
      repair: true,
      ...(due !== undefined ? { due } : {}),
    });
  // A finished game's entries are all deleted by one write; otherwise each seat's entry is rewritten.
  const turnWrites =
    input.head.status === 'finished'
      ? [write(null, null, newest.at)]
      : [
          ...(awaited !== null ? [write(null, awaited, since)] : []),
          ...seated.filter((p) => p !== awaited).map((p) => write(p, null, newest.at)),
        ];
  const [members, ...turns] = await Promise.all([updateProjections(dynamo, gameId, input, true), ...turnWrites]);
  const written = turns.filter(Boolean).length;
  return { written: members.written + written, skipped: members.skipped + turns.length - written };
}
