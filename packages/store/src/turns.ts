import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { dueAttributes, duePartitionOf, type DueAt } from './due-at';
import type { Commit } from './commit';
import { Dynamo, type StoreOptions } from './dynamo';
import type { GameHead } from './head';
import { checkId, turnSk, turnsKey } from './keys';
import type { TurnChange } from './turn-change';
import { decodePayload, encodePayload } from './payload';

/**
 * "Whose move is it?" lists, without an index. Each player has a partition of turn entries, one per
 * game (`turns#<playerId>`, sort key `turnSk(gameId)`). When a commit moves a game from one awaited
 * player to another, the new one's entry is written (waiting, since when, the head) and the old one's
 * becomes a tombstone (not waiting): two one-unit writes, where an awaiting item under a GSI whose key
 * moved cost three. A player's list is one strongly consistent Query of their partition. Every entry
 * carries the version it was written for, and a write only lands over an older one, so a late or
 * repeated write never undoes a newer one: that is what the tombstones are for. A finished game's
 * entries are deleted, so a partition holds only games in play.
 *
 * In a game with a turn clock the awaited player's entry also carries their deadline (`due`), which puts
 * it in the due index (due.ts); a tombstone takes it out again (it drops `dpk` and keeps the rest, so a
 * tombstone put back by a lost race is due again as it was). A game without a clock writes none of it.
 */

/** A game waiting on a player, from their turn partition. */
export interface TurnEntry {
  gameId: string;
  /** The version at which the game began waiting on them. */
  version: number;
  /** ISO 8601: when it began waiting on them. */
  since: string;
  /** What the lists show of the game, as of `version`. */
  head: GameHead;
}

/** What writing a game's turn entries takes: the commit's version and time, the change, the head. */
export interface TurnWrite {
  readonly version: number;
  /** The commit's time: when a turn that begins with it began. */
  readonly at: string;
  readonly change: TurnChange;
  readonly head: GameHead;
  /** A repair also writes over entries of the same version (a repeated write changes nothing). */
  readonly repair?: boolean;
  /**
   * The awaited (`change.to`) player's deadline, for the due index; null when nothing is due for them.
   * Absent in a game without a clock: its entries never enter the index.
   */
  readonly due?: DueAt | null;
}

/** One player's entry as a write makes it: waiting (a turn begins), or a tombstone (a turn ended). */
export interface EntryWrite {
  readonly playerId: string;
  readonly waiting: boolean;
}

/**
 * The entries a turn change writes while the game is in play: the new player's, the previous one's. A
 * change from a player to the same one (a new turn of theirs, or more time: a new deadline) writes
 * their entry alone.
 */
export function entryWrites(change: TurnChange): EntryWrite[] {
  const writes: EntryWrite[] = [];
  if (change.to !== null) writes.push({ playerId: change.to, waiting: true });
  if (change.from !== null && change.from !== change.to) writes.push({ playerId: change.from, waiting: false });
  return writes;
}

const guardOf = (version: number, repair: boolean) => ({
  ConditionExpression: `attribute_not_exists(#v) OR #v ${repair ? '<=' : '<'} :v`,
  ExpressionAttributeNames: { '#v': 'v' },
  ExpressionAttributeValues: { ':v': { N: String(version) } },
});

/**
 * Writes one player's entry for a game at `version`, guarded by it: true when written, false when an
 * entry as new (`repair`: newer) was there. A turn that begins replaces the entry (since when, the
 * head); a tombstone (`waiting: false`) and `restore` (waiting again, as it was) change only the flag
 * and the version, keeping since when and the head, so that a command that loses the race for its
 * version can put back exactly what its own writes changed.
 */
export function writeEntry(
  dynamo: Dynamo,
  gameId: string,
  entry: EntryWrite,
  write: Pick<TurnWrite, 'version' | 'at' | 'head' | 'repair' | 'due'> & { readonly restore?: boolean },
): Promise<boolean> {
  const { version, repair = false, due } = write;
  const key = { pk: turnsKey(entry.playerId), sk: turnSk(gameId) };
  const guard = guardOf(version, repair);
  if (entry.waiting && !write.restore) {
    const item = { ...key, gid: { S: gameId }, v: { N: String(version) }, w: { BOOL: true } };
    const deadline = due ? dueAttributes(gameId, due) : {};
    return dynamo
      .putIf({ Item: { ...item, at: { S: write.at }, hd: encodePayload(write.head), ...deadline }, ...guard })
      .then((written) => written !== null);
  }
  // A tombstone leaves the due index (and any claim on it goes); an entry waiting again (a lost race's
  // tombstone put back) rejoins it, in a clocked game, with the deadline it kept.
  const names: Record<string, string> = { ...guard.ExpressionAttributeNames, '#w': 'w', '#gid': 'gid' };
  const values: Record<string, AttributeValue> = {
    ...guard.ExpressionAttributeValues,
    ':w': { BOOL: entry.waiting },
    ':gid': { S: gameId },
  };
  let update = 'SET #v = :v, #w = :w, #gid = :gid';
  if (entry.waiting && due !== undefined) {
    update += ', #dpk = :dpk';
    names['#dpk'] = 'dpk';
    values[':dpk'] = duePartitionOf(gameId);
  } else if (!entry.waiting) {
    update += ' REMOVE #dpk, #cl';
    Object.assign(names, { '#dpk': 'dpk', '#cl': 'cl' });
  }
  return dynamo
    .updateIf({
      Key: key,
      UpdateExpression: update,
      ConditionExpression: guard.ConditionExpression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    })
    .then((written) => written !== null);
}

/** Deletes every seated player's entry of a finished game (over entries of its version or older). */
export async function clearTurns(dynamo: Dynamo, gameId: string, version: number, head: GameHead): Promise<boolean> {
  const guard = guardOf(version, true);
  const seated = head.seats.flatMap((seat) => (seat ? [seat.playerId] : []));
  const done = await Promise.all(
    seated.map((playerId) => dynamo.deleteIf({ Key: { pk: turnsKey(playerId), sk: turnSk(gameId) }, ...guard })),
  );
  return done.every((d) => d !== null);
}

/**
 * Writes what a commit's turn change means for the players' lists: in play, the awaited player's
 * entry and the previous one's tombstone, in parallel; once the game is finished, the deletion of
 * every seated player's entry. True when every write landed; false when a newer entry was there.
 */
export async function writeTurns(dynamo: Dynamo, gameId: string, write: TurnWrite): Promise<boolean> {
  if (write.head.status === 'finished') return clearTurns(dynamo, gameId, write.version, write.head);
  const done = await Promise.all(entryWrites(write.change).map((entry) => writeEntry(dynamo, gameId, entry, write)));
  return done.every(Boolean);
}

/**
 * Every game waiting on a player, the nearest deadline first (see `turnOrder`): one strongly consistent Query of
 * their partition (more only past 1 MB, which takes thousands of games in play), tombstones left out.
 */
export async function listTurns(dynamo: Dynamo, playerId: string): Promise<TurnEntry[]> {
  checkId('playerId', playerId);
  const entries: TurnEntry[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.query({
      KeyConditionExpression: '#pk = :pk',
      FilterExpression: '#w = :waiting',
      ExpressionAttributeNames: { '#pk': 'pk', '#w': 'w' },
      ExpressionAttributeValues: { ':pk': turnsKey(playerId), ':waiting': { BOOL: true } },
      ConsistentRead: true,
      ...(start ? { ExclusiveStartKey: start } : {}),
    });
    for (const item of page.Items ?? []) {
      entries.push({
        gameId: item.gid?.S ?? '',
        version: Number(item.v?.N),
        since: item.at?.S ?? '',
        head: decodePayload(item.hd) as GameHead,
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return entries.sort((a, b) => compareTurns(turnOrder(a), turnOrder(b)));
}

/**
 * Where a waiting game stands in its player's list: the nearest deadline first (a clock about to run
 * out is what a player must see first), then games without a clock, the one waiting longest first.
 * `~` sorts after every ISO 8601 time, so no deadline comes last.
 */
export function turnOrder(entry: Pick<TurnEntry, 'gameId' | 'since' | 'head'>): readonly string[] {
  const deadline = typeof entry.head.deadline === 'string' ? entry.head.deadline : NO_DEADLINE;
  return [deadline, entry.since, entry.gameId];
}

/** What `turnOrder` gives a game with no turn clock (or one no deadline was written for). */
export const NO_DEADLINE = '~';

/** Compares two `turnOrder`s, key by key. */
export function compareTurns(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The players' turn lists, as a part of the store: written by the append that changes a game's turn
 * (see `EventStreams.append`), read by `PlayerGames.list` with `myTurn`, and mended here.
 */
export class TurnLists {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * Writes again what a recorded commit's turn change means for the players' turn lists, over
   * entries of its version or older, never a newer commit's: for a caller that recognised a retry
   * and must repair what the first attempt may have left unwritten (`ProjectionLagError`). `head` is
   * the game's head after the commit, and `due` (in a game with a turn clock) the awaited player's
   * deadline after it, and `since` when the awaited player's turn began (default: the commit's time).
   * False when the commit changed no turn, or newer entries were there.
   * @example
   * const commit = await games.findRecorded('g1', identity, { version: 7 });
   * if (commit) await turns.restore(commit, headOf(stateAfter(commit)));
   */
  async restore(commit: Commit, head: GameHead, due?: DueAt | null, since?: string): Promise<boolean> {
    if (!commit.turn || (commit.turn.from === commit.turn.to && commit.turn.to === null)) return false;
    const { version, at, turn: change } = commit;
    return writeTurns(this.#dynamo, commit.streamId, {
      version,
      at: since ?? at,
      change,
      head,
      repair: true,
      ...(due !== undefined ? { due } : {}),
    });
  }
}
