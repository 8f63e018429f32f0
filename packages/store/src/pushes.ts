import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { stillListed, type DueItem } from './due';
import { dueAttributes } from './due-at';
import { Dynamo, type StoreOptions } from './dynamo';
import { checkId, turnSk } from './keys';

/**
 * Pushes waiting for a retry (Web Push): one item per subscription and game, in the subscription's
 * partition (`push#<subscriptionId>`), its sort key the game's (as in a player's turn partition; 0
 * for a test push). A push is written only when its first attempt failed: a push delivered at once
 * costs no write here. A newer push for the same game replaces the one waiting (the collapse per
 * game a push service's `Topic` makes for a device that is away, made here too for a push service
 * that is down), and an older one never replaces a newer. Due work (`push-delivery`) until it is
 * delivered or given up, then deleted: no log is kept.
 */

/** The due kind of a push waiting for its next attempt. */
export const PUSH_DUE = 'push-delivery';

/** A push as it waits: what it says (the plain payload, encrypted anew at each attempt) and for whom. */
export interface NewPush {
  readonly subscriptionId: string;
  readonly playerId: string;
  /** The game it is about, or null for a test push. */
  readonly gameId: string | null;
  readonly type: string;
  /** The version of the game it tells of: an older one never replaces a newer (0 for a test). */
  readonly version: number;
  /** The payload, plain JSON (never a tile, a token or a secret: see the app's push payloads). */
  readonly payload: string;
  /** When what it tells happened, ISO 8601. */
  readonly createdAt: string;
}

/** A waiting push as stored. */
export interface PendingPush extends NewPush {
  /** Its place in the subscription's partition. */
  readonly sk: string;
  /** Attempts made so far. */
  readonly attempts: number;
  /** Bumped by every write: a sweeper's claim holds only while it is unchanged. */
  readonly v: number;
}

const partition = (subscriptionId: string): AttributeValue => ({ S: `push#${subscriptionId}` });
const skOf = (gameId: string | null): AttributeValue => (gameId === null ? { N: '0' } : turnSk(gameId));

function pushOf(item: Record<string, AttributeValue>): PendingPush {
  return {
    subscriptionId: (item.pk?.S ?? '').slice('push#'.length),
    sk: item.sk?.N ?? '0',
    playerId: item.pl?.S ?? '',
    gameId: item.gid?.S ?? null,
    type: item.typ?.S ?? '',
    version: Number(item.gv?.N ?? 0),
    payload: item.pay?.S ?? '',
    createdAt: item.ca?.S ?? '',
    attempts: Number(item.n?.N ?? 0),
    v: Number(item.v?.N ?? 0),
  };
}

/** The waiting push a due item is (its subscription and place), from the item's key; null for another kind. */
export function pushKeyOf(item: DueItem): { subscriptionId: string; sk: string } | null {
  if (!item.key.pk.startsWith('push#')) return null;
  return { subscriptionId: item.key.pk.slice('push#'.length), sk: item.key.sk };
}

/** Pushes waiting for a retry, as a part of the store (see the top of this file). */
export class PendingPushes {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * Puts a push to wait, due at `dueAt`, with `attempts` already made: one UpdateItem that makes it,
   * or replaces the one waiting for the same subscription and game unless that one tells of a newer
   * version (then nothing is written and false is returned).
   * @example await pushes.put({ subscriptionId, playerId, gameId, type, version: 7, payload, createdAt }, next, 1);
   */
  async put(push: NewPush, dueAt: string, attempts: number): Promise<boolean> {
    checkId('subscriptionId', push.subscriptionId);
    const sets = ['#pl = :pl', '#typ = :typ', '#gv = :gv', '#pay = :pay', '#ca = :ca', '#n = :n'];
    const values: Record<string, AttributeValue> = {
      ':pl': { S: push.playerId },
      ':typ': { S: push.type },
      ':gv': { N: String(push.version) },
      ':pay': { S: push.payload },
      ':ca': { S: push.createdAt },
      ':n': { N: String(attempts) },
      ':zero': { N: '0' },
      ':one': { N: '1' },
      ...prefixed(dueAttributes(push.subscriptionId, { at: dueAt, kind: PUSH_DUE })),
    };
    if (push.gameId !== null) {
      sets.push('#gid = :gid');
      values[':gid'] = { S: push.gameId };
    }
    const written = await this.#dynamo.updateIf({
      Key: { pk: partition(push.subscriptionId), sk: skOf(push.gameId) },
      UpdateExpression: `SET ${sets.join(', ')}, #dpk = :dpk, #dsk = :dsk, #v = if_not_exists(#v, :zero) + :one REMOVE #cl`,
      ConditionExpression: 'attribute_not_exists(#gv) OR #gv <= :gv',
      ExpressionAttributeNames: { ...NAMES, ...(push.gameId !== null ? { '#gid': 'gid' } : {}) },
      ExpressionAttributeValues: values,
    });
    return written !== null;
  }

  /** The push waiting in a subscription's place (a strongly consistent GetItem), or null. */
  async read(subscriptionId: string, sk: string): Promise<PendingPush | null> {
    const { Item } = await this.#dynamo.get({
      Key: { pk: partition(subscriptionId), sk: { N: sk } },
      ConsistentRead: true,
    });
    return Item ? pushOf(Item) : null;
  }

  /**
   * After an attempt at a claimed push (`item` as listed): due again at `next` with one more attempt
   * counted, or (`next` null: delivered, given up, its subscription gone) deleted. One conditional
   * write that holds only while the push is still as listed; false when a newer push replaced it
   * meanwhile (that one stands, due as it was written).
   */
  async settle(item: DueItem, push: PendingPush, next: string | null): Promise<boolean> {
    const listed = stillListed(item);
    const Key = { pk: partition(push.subscriptionId), sk: { N: push.sk } };
    if (next === null) {
      const deleted = await this.#dynamo.deleteIf({
        Key,
        ConditionExpression: listed.expression,
        ExpressionAttributeNames: listed.names,
        ExpressionAttributeValues: listed.values,
      });
      return deleted !== null;
    }
    const written = await this.#dynamo.updateIf({
      Key,
      UpdateExpression: 'SET #dsk = :next, #n = :n, #v = #v + :one REMOVE #cl',
      ConditionExpression: listed.expression,
      ExpressionAttributeNames: { ...listed.names, '#n': 'n', '#v': 'v', '#cl': 'cl' },
      ExpressionAttributeValues: {
        ...listed.values,
        ':next': dueAttributes(push.subscriptionId, { at: next, kind: PUSH_DUE }).dsk,
        ':n': { N: String(push.attempts + 1) },
        ':one': { N: '1' },
      },
    });
    return written !== null;
  }
}

const NAMES = {
  '#pl': 'pl',
  '#typ': 'typ',
  '#gv': 'gv',
  '#pay': 'pay',
  '#ca': 'ca',
  '#n': 'n',
  '#v': 'v',
  '#dpk': 'dpk',
  '#dsk': 'dsk',
  '#cl': 'cl',
};

const prefixed = (due: Record<'dpk' | 'dsk', AttributeValue>) => ({ ':dpk': due.dpk, ':dsk': due.dsk });
