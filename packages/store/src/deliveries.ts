import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import { stillListed, type DueItem } from './due';
import { dueAttributes } from './due-at';
import { Dynamo, type StoreOptions } from './dynamo';
import { checkId } from './keys';
import {
  ATTEMPTS_KEPT,
  DELIVERY_DUE,
  type AttemptRecord,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type NewDelivery,
} from './delivery';

// Outbound deliveries written and read: what a delivery is, and how they are kept, is delivery.ts.

// A millisecond's slots; a message's first choice comes from its id, so messages made at once rarely
// meet. ms × 1024 stays a safe integer until the year 2248.
const SLOTS = 1024;
const partition = (endpointId: string): AttributeValue => ({ S: `hook#${endpointId}` });
const keyOf = (endpointId: string, seq: number) => ({ pk: partition(endpointId), sk: { N: String(seq) } });

function deliveryOf(item: Record<string, AttributeValue>): Delivery {
  return {
    endpointId: (item.pk?.S ?? '').slice('hook#'.length),
    seq: Number(item.sk?.N),
    playerId: item.pl?.S ?? '',
    messageId: item.mid?.S ?? '',
    type: item.typ?.S ?? '',
    gameId: item.gid?.S ?? null,
    payload: item.pay?.S ?? '',
    createdAt: new Date(Number(item.ca?.N)).toISOString(),
    status: (item.st?.S ?? 'pending') as DeliveryStatus,
    attemptCount: Number(item.n?.N ?? 0),
    attempts: item.att?.S ? (JSON.parse(item.att.S) as DeliveryAttempt[]) : [],
    nextAttemptAt: item.nx?.S ?? null,
    version: Number(item.v?.N ?? 0),
    once: item.one?.BOOL === true,
  };
}

const due = (endpointId: string, at: string) => dueAttributes(endpointId, { at, kind: DELIVERY_DUE });

/**
 * Makes a delivery, unless the same message was made for the endpoint already (then that one is
 * returned): a conditional PutItem in the first free slot of its millisecond from the one its id
 * picks, so making it again (a sweep repeated after a crash) finds it rather than doubling it.
 * Either pending, due at `dueAt`; or (`first`) with its first attempt already made and recorded in
 * the same write: delivered, failed, or due again at `first.next`.
 */
export async function putDelivery(
  dynamo: Dynamo,
  delivery: NewDelivery,
  dueAt: string,
  first?: AttemptRecord,
): Promise<{ delivery: Delivery; created: boolean }> {
  checkId('endpointId', delivery.endpointId);
  const base = Date.parse(delivery.createdAt) * SLOTS;
  if (!Number.isSafeInteger(base)) throw new TypeError(`createdAt must be ISO 8601, got ${delivery.createdAt}`);
  const next = first ? first.next : dueAt;
  const start = createHash('sha256').update(delivery.messageId).digest().readUInt16BE(0) % SLOTS;
  for (let probe = 0; probe < SLOTS; probe++) {
    const slot = (start + probe) % SLOTS;
    const item: Record<string, AttributeValue> = {
      ...keyOf(delivery.endpointId, base + slot),
      pl: { S: delivery.playerId },
      mid: { S: delivery.messageId },
      typ: { S: delivery.type },
      ...(delivery.gameId ? { gid: { S: delivery.gameId } } : {}),
      pay: { S: delivery.payload },
      ca: { N: String(Date.parse(delivery.createdAt)) },
      st: { S: first ? first.status : 'pending' },
      n: { N: first ? '1' : '0' },
      ...(first ? { att: { S: JSON.stringify([first.attempt]) } } : {}),
      v: { N: '1' },
      ...(next !== null ? { nx: { S: new Date(next).toISOString() }, ...due(delivery.endpointId, next) } : {}),
    };
    const written = await dynamo.putIf({
      Item: item,
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': 'pk' },
    });
    if (written) return { delivery: deliveryOf(item), created: true };
    const existing = await readDelivery(dynamo, delivery.endpointId, base + slot);
    if (existing?.messageId === delivery.messageId) return { delivery: existing, created: false };
  }
  throw new Error(`more than ${SLOTS} messages for endpoint ${delivery.endpointId} in one millisecond`);
}

/** One delivery (a strongly consistent GetItem), or null. */
export async function readDelivery(dynamo: Dynamo, endpointId: string, seq: number): Promise<Delivery | null> {
  const { Item } = await dynamo.get({ Key: keyOf(endpointId, seq), ConsistentRead: true });
  return Item ? deliveryOf(Item) : null;
}

/** The delivery a due item is (its endpoint and place), from the item's key. */
export function deliveryKeyOf(item: DueItem): { endpointId: string; seq: number } | null {
  if (!item.key.pk.startsWith('hook#')) return null;
  return { endpointId: item.key.pk.slice('hook#'.length), seq: Number(item.key.sk) };
}

/** A page of an endpoint's deliveries, newest first; `cursor` continues it. */
export async function listDeliveries(
  dynamo: Dynamo,
  endpointId: string,
  options: { limit?: number; cursor?: string | null } = {},
): Promise<{ deliveries: Delivery[]; cursor: string | null }> {
  checkId('endpointId', endpointId);
  const before = options.cursor ? Number(options.cursor) : null;
  if (before !== null && !Number.isSafeInteger(before)) throw new TypeError('not a cursor of this list');
  const page = await dynamo.query({
    KeyConditionExpression: before === null ? '#pk = :pk' : '#pk = :pk AND #sk < :before',
    ExpressionAttributeNames: { '#pk': 'pk', ...(before === null ? {} : { '#sk': 'sk' }) },
    ExpressionAttributeValues: {
      ':pk': partition(endpointId),
      ...(before === null ? {} : { ':before': { N: String(before) } }),
    },
    ScanIndexForward: false,
    Limit: options.limit ?? 50,
  });
  const deliveries = (page.Items ?? []).map(deliveryOf);
  const last = deliveries.at(-1);
  return { deliveries, cursor: page.LastEvaluatedKey && last ? String(last.seq) : null };
}

/**
 * Records an attempt on the delivery a sweeper claimed (`item`, as listed) and what follows: due
 * again at `next`, or out of the due index with its final status. One conditional UpdateItem that
 * holds only while the delivery is still as listed; false when it had moved on (a redelivery asked
 * for meanwhile): the attempt was made, the newer write stands.
 */
export async function recordAttempt(
  dynamo: Dynamo,
  item: DueItem,
  delivery: Delivery,
  record: AttemptRecord,
): Promise<boolean> {
  const listed = stillListed(item);
  const attempts = [...delivery.attempts, record.attempt].slice(-ATTEMPTS_KEPT);
  const values: Record<string, AttributeValue> = {
    ...listed.values,
    ':att': { S: JSON.stringify(attempts) },
    ':n': { N: String(delivery.attemptCount + 1) },
    ':st': { S: record.status },
    ':one': { N: '1' },
  };
  const set = ['#att = :att', '#n = :n', '#st = :st', '#v = #v + :one'];
  let remove = ['#cl'];
  if (record.next !== null) {
    values[':next'] = due(delivery.endpointId, record.next).dsk;
    values[':nx'] = { S: new Date(record.next).toISOString() };
    set.push('#dsk = :next', '#nx = :nx');
  } else remove = [...remove, '#dpk', '#nx'];
  const written = await dynamo.updateIf({
    Key: keyOf(delivery.endpointId, delivery.seq),
    UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
    ConditionExpression: listed.expression,
    ExpressionAttributeNames: {
      ...listed.names,
      '#att': 'att',
      '#n': 'n',
      '#st': 'st',
      '#v': 'v',
      '#cl': 'cl',
      '#nx': 'nx',
      ...(record.next === null ? { '#dpk': 'dpk' } : {}),
    },
    ExpressionAttributeValues: values,
  });
  return written !== null;
}

/**
 * Puts a delivery back in the due index at `at` (a manual redelivery: `once`, one attempt and no
 * retries), whatever its status: one UpdateItem. Null when there is no such delivery.
 */
export async function requeueDelivery(
  dynamo: Dynamo,
  endpointId: string,
  seq: number,
  at: string,
  options: { once: boolean },
): Promise<Delivery | null> {
  const { dpk, dsk } = due(endpointId, at);
  const written = await dynamo.updateIf({
    Key: keyOf(endpointId, seq),
    UpdateExpression: 'SET #st = :st, #dpk = :dpk, #dsk = :dsk, #nx = :nx, #one = :once, #v = #v + :one REMOVE #cl',
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: {
      '#pk': 'pk',
      '#st': 'st',
      '#dpk': 'dpk',
      '#dsk': 'dsk',
      '#nx': 'nx',
      '#one': 'one',
      '#v': 'v',
      '#cl': 'cl',
    },
    ExpressionAttributeValues: {
      ':st': { S: 'pending' },
      ':dpk': dpk,
      ':dsk': dsk,
      ':nx': { S: new Date(at).toISOString() },
      ':once': { BOOL: options.once },
      ':one': { N: '1' },
    },
    ReturnValues: 'ALL_NEW',
  });
  return written?.Attributes ? deliveryOf(written.Attributes) : null;
}

/** A webhook endpoint's deliveries, as a part of the store (see delivery.ts). */
export class Deliveries {
  readonly #dynamo: Dynamo;

  constructor(options: StoreOptions) {
    this.#dynamo = Dynamo.of(options);
  }

  /**
   * Makes a pending delivery of a message to an endpoint, due at `dueAt` (or, with `first`, its first
   * attempt already made, recorded in the same write), or finds the one made for the same message
   * already (`created` false): safe to repeat.
   * @example await deliveries.put({ endpointId, playerId, messageId, type, gameId, payload, createdAt }, createdAt);
   */
  put(delivery: NewDelivery, dueAt: string, first?: AttemptRecord): Promise<{ delivery: Delivery; created: boolean }> {
    return putDelivery(this.#dynamo, delivery, dueAt, first);
  }

  /** One delivery of an endpoint (strongly consistent GetItem), or null. */
  read(endpointId: string, seq: number): Promise<Delivery | null> {
    return readDelivery(this.#dynamo, endpointId, seq);
  }

  /** A page of an endpoint's deliveries, newest first (one Query). */
  list(endpointId: string, options?: { limit?: number; cursor?: string | null }) {
    return listDeliveries(this.#dynamo, endpointId, options);
  }

  /**
   * Records an attempt on a claimed delivery (`item` as the due index listed it) and what follows
   * (due again, or its final status): one conditional UpdateItem; false when it had moved on.
   */
  recordAttempt(item: DueItem, delivery: Delivery, record: AttemptRecord): Promise<boolean> {
    return recordAttempt(this.#dynamo, item, delivery, record);
  }

  /** Puts a delivery back in the due index at `at` (a redelivery); null when there is none. */
  requeue(endpointId: string, seq: number, at: string, options: { once: boolean }): Promise<Delivery | null> {
    return requeueDelivery(this.#dynamo, endpointId, seq, at, options);
  }
}
