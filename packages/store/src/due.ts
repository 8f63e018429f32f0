import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { dueAttributes, isoTime, type DueAt } from './due-at';
import { Dynamo, type StoreOptions } from './dynamo';
import { duePartition, playerOfTurns } from './keys';
import { BY_DUE, DUE_SHARDS } from './table';

export { checkDue, dueAttributes, duePartitionOf, type DueAt } from './due-at';

/**
 * Due work, one mechanism: any item of the table that carries `dpk` and `dsk` is in the sparse `byDue`
 * index, found by a sweeper's Query of each shard for what is due by now, claimed with a conditional
 * write, and taken out of the index by removing `dpk`. Whatever writes the item decides when it is due
 * (a turn entry: its deadline); the sweeper only finds, claims and settles. No scan, no TTL.
 */

/** A due item as the index lists it. */
export interface DueItem {
  readonly kind: string;
  /** When it is due, ISO 8601. */
  readonly at: string;
  /** The id the item was put in the index for: a game's (its stream's), or a webhook endpoint's (a delivery). */
  readonly streamId: string;
  /** The table key of the item (`pk`, and `sk` as its number's text). */
  readonly key: { readonly pk: string; readonly sk: string };
  /** The version the item was written at (its `v`), or null for an item without one. */
  readonly version: number | null;
  /** Its sort key in the index as listed: a claim holds only while it is still this. */
  readonly sortKey: string;
}

/** One page of a shard's due items, oldest first; `next` continues it (null: the shard has no more due). */
export interface DuePage {
  readonly items: DueItem[];
  readonly next: string | null;
}

const cursorOf = (key: Record<string, AttributeValue> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

/**
 * One page of shard `shard`'s items due by `by` (ISO 8601; due at `by` itself included), oldest first: one Query of the
 * index (eventually consistent, as every index read: an item due a moment ago may show next time).
 */
export async function listDue(
  dynamo: Dynamo,
  shard: number,
  by: string,
  options: { limit?: number; next?: string | null } = {},
): Promise<DuePage> {
  if (!Number.isInteger(shard) || shard < 0 || shard >= DUE_SHARDS)
    throw new TypeError(`shard must be a whole number from 0 to ${DUE_SHARDS - 1}, got ${shard}`);
  const { limit = 100, next } = options;
  const page = await dynamo.query({
    IndexName: BY_DUE,
    // `$` sorts right after the `#` that ends a sort key's time: every item due at `by` is below it.
    KeyConditionExpression: '#dpk = :dpk AND #dsk < :by',
    ExpressionAttributeNames: { '#dpk': 'dpk', '#dsk': 'dsk' },
    ExpressionAttributeValues: { ':dpk': { S: duePartition(shard) }, ':by': { S: `${isoTime(by)}$` } },
    Limit: limit,
    ...(next ? { ExclusiveStartKey: JSON.parse(Buffer.from(next, 'base64url').toString()) } : {}),
  });
  return { items: (page.Items ?? []).map(dueItemOf), next: cursorOf(page.LastEvaluatedKey) };
}

function dueItemOf(item: Record<string, AttributeValue>): DueItem {
  const sortKey = item.dsk?.S ?? '';
  // The time has no `#`, a kind is one kebab-case word: what follows the second `#` is the stream's id.
  const [at = '', kind = '', ...rest] = sortKey.split('#');
  const streamId = rest.join('#');
  return {
    kind,
    at,
    streamId,
    key: { pk: item.pk?.S ?? '', sk: item.sk?.N ?? '' },
    version: item.v?.N !== undefined ? Number(item.v.N) : null,
    sortKey,
  };
}

/**
 * The player whose turn entry a due item is (a turn's deadline: see turns.ts), or null for an item of
 * another sort: what a timeout's handler checks against the player the game awaits.
 */
export const turnPlayerOf = (item: DueItem): string | null => playerOfTurns(item.key.pk);

const keyOf = (item: DueItem): Record<string, AttributeValue> => ({ pk: { S: item.key.pk }, sk: { N: item.key.sk } });

/** The condition every write on a due item takes: it is still the one listed (same sort key, same version). */
export function stillListed(item: DueItem) {
  return {
    expression: `#dsk = :dsk${item.version !== null ? ' AND #v = :v' : ''}`,
    names: { '#dsk': 'dsk', ...(item.version !== null ? { '#v': 'v' } : {}) },
    values: {
      ':dsk': { S: item.sortKey },
      ...(item.version !== null ? { ':v': { N: String(item.version) } } : {}),
    } as Record<string, AttributeValue>,
  };
}

/**
 * Claims a listed item until `until` (ISO 8601): one conditional UpdateItem that holds only while the
 * item is still in the index as listed (same sort key and version) and nobody holds an unexpired claim
 * on it at `now`. False when another sweeper holds it or the item moved on (it is not theirs to do).
 * A claim is never released: a sweeper that dies holding one leaves it to expire, and the next sweep
 * after `until` does the work again (the work itself must be safe to repeat).
 */
export async function claimDue(dynamo: Dynamo, item: DueItem, now: string, until: string): Promise<boolean> {
  const listed = stillListed(item);
  const written = await dynamo.updateIf({
    Key: keyOf(item),
    UpdateExpression: 'SET #cl = :until',
    ConditionExpression: `attribute_exists(#dpk) AND ${listed.expression} AND (attribute_not_exists(#cl) OR #cl < :now)`,
    ExpressionAttributeNames: { ...listed.names, '#dpk': 'dpk', '#cl': 'cl' },
    ExpressionAttributeValues: { ...listed.values, ':until': { S: isoTime(until) }, ':now': { S: isoTime(now) } },
  });
  return written !== null;
}

/**
 * Settles a claimed item: out of the index (`next` null), or due again at `next`, in both cases only
 * while it is still the item as listed (a newer write of it wins). One conditional UpdateItem; false
 * when the item had moved on.
 */
export async function settleDue(dynamo: Dynamo, item: DueItem, next: DueAt | null): Promise<boolean> {
  const listed = stillListed(item);
  // The due index's id part names the item's shard: kept as listed, whatever the next kind.
  const moved = next ? dueAttributes(item.streamId, next).dsk : null;
  const written = await dynamo.updateIf({
    Key: keyOf(item),
    UpdateExpression: moved ? 'SET #dsk = :next REMOVE #cl' : 'REMOVE #dpk, #cl',
    ConditionExpression: listed.expression,
    ExpressionAttributeNames: { ...listed.names, '#cl': 'cl', ...(moved ? {} : { '#dpk': 'dpk' }) },
    ExpressionAttributeValues: { ...listed.values, ...(moved ? { ':next': moved } : {}) },
  });
  return written !== null;
}

/** True while the item is still in the index as listed: one strongly consistent GetItem. */
export async function isStillDue(dynamo: Dynamo, item: DueItem): Promise<boolean> {
  const { Item } = await dynamo.get({
    Key: keyOf(item),
    ConsistentRead: true,
    ProjectionExpression: '#dpk, #dsk, #v',
    ExpressionAttributeNames: { '#dpk': 'dpk', '#dsk': 'dsk', '#v': 'v' },
  });
  if (!Item?.dpk || Item.dsk?.S !== item.sortKey) return false;
  return item.version === null || Item.v?.N === String(item.version);
}

/** The due index, as a part of the store: found by the sweeper, claimed, and settled (see the top of this file). */
export class DueIndex {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * One page of the due items of shard `shard` (0 to `DUE_SHARDS` - 1) due by `by` (ISO
   * 8601), oldest first: one Query of the due index. Pass `next` back for the following page.
   * @example const { items } = await due.list(3, new Date(now).toISOString());
   */
  list(shard: number, by: string, options?: { limit?: number; next?: string | null }): Promise<DuePage> {
    return listDue(this.#dynamo, shard, by, options);
  }

  /**
   * Claims a listed due item until `until`, if it is still as listed and no claim on it is unexpired at
   * `now` (ISO 8601 both): one conditional UpdateItem. False: another sweeper has it, or it moved on.
   * @example if (await due.claim(item, now, until)) await handle(item);
   */
  claim(item: DueItem, now: string, until: string): Promise<boolean> {
    return claimDue(this.#dynamo, item, now, until);
  }

  /**
   * Takes a claimed item out of the due index (`next` null) or moves it to `next`, while it is still as
   * listed: one conditional UpdateItem. False when it had moved on (a newer write of it stands).
   */
  settle(item: DueItem, next: DueAt | null): Promise<boolean> {
    return settleDue(this.#dynamo, item, next);
  }

  /** True while a listed item is still in the due index as listed (one strongly consistent GetItem). */
  isStillDue(item: DueItem): Promise<boolean> {
    return isStillDue(this.#dynamo, item);
  }
}
