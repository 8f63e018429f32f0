import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Dynamo } from './dynamo';
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
}

/**
 * Writes what a commit's turn change means for the players' lists, in parallel: the awaited player's
 * entry, the previous one's tombstone, and once the game is finished the deletion of every seated
 * player's entry. Each write is guarded by the version. True when every write landed (or was not
 * needed); false when a newer entry was already there.
 */
export async function writeTurns(dynamo: Dynamo, gameId: string, write: TurnWrite): Promise<boolean> {
  const { version, at, change, head, repair = false } = write;
  const guard = {
    ConditionExpression: `attribute_not_exists(#v) OR #v ${repair ? '<=' : '<'} :v`,
    ExpressionAttributeNames: { '#v': 'v' },
    ExpressionAttributeValues: { ':v': { N: String(version) } },
  };
  const key = (playerId: string) => ({ pk: turnsKey(playerId), sk: turnSk(gameId) });
  const item = (playerId: string, extra: Record<string, AttributeValue>) => ({
    ...key(playerId),
    gid: { S: gameId },
    v: { N: String(version) },
    ...extra,
  });
  const writes: Promise<unknown>[] = [];
  if (head.status === 'finished') {
    // Nobody's turn any more: the game leaves every seated player's partition.
    for (const seat of head.seats) if (seat) writes.push(dynamo.deleteIf({ Key: key(seat.playerId), ...guard }));
  } else {
    if (change.to !== null) {
      const since = { S: at };
      writes.push(
        dynamo.putIf({ Item: item(change.to, { w: { BOOL: true }, at: since, hd: encodePayload(head) }), ...guard }),
      );
    }
    if (change.from !== null && change.from !== change.to) {
      writes.push(dynamo.putIf({ Item: item(change.from, { w: { BOOL: false } }), ...guard }));
    }
  }
  const done = await Promise.all(writes);
  return done.every((d) => d !== null);
}

/**
 * Every game waiting on a player, the one waiting longest first: one strongly consistent Query of
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
  return entries.sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a.gameId < b.gameId ? -1 : 1));
}
