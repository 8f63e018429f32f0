import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import { stillListed, type DueItem } from './due';
import { dueAttributes } from './due-at';
import type { Dynamo } from './dynamo';
import { checkId } from './keys';

/**
 * Outbound deliveries (a webhook's notifications): one item per message and endpoint in the
 * endpoint's partition (`hook#<endpointId>`), its sort key the time it was made (ms × 1024, plus a
 * slot for messages made in the same millisecond), so its log is one Query, newest first. A pending
 * delivery is due work (`dpk`/`dsk`, see due.ts) until it is delivered or given up; each attempt
 * is written on it, with its outcome, by the sweeper that made it.
 */

/** One attempt at a delivery, as recorded. */
export interface DeliveryAttempt {
  /** When it was made, ISO 8601. */
  readonly at: string;
  /** The receiver's HTTP status, or null when none came (timeout, refused address, network). */
  readonly status: number | null;
  /** `delivered`, or why it failed (a word: `http-status`, `timeout`, `redirect`, ...). */
  readonly outcome: string;
  readonly ms: number;
  /** What went wrong, in words, and the start of the receiver's answer (capped). */
  readonly detail: string;
}

/** What a delivery is when made. */
export interface NewDelivery {
  readonly endpointId: string;
  /** The player whose endpoint it is. */
  readonly playerId: string;
  /** The message's id (Standard Webhooks' `webhook-id`): the same for every attempt and redelivery. */
  readonly messageId: string;
  readonly type: string;
  readonly gameId: string | null;
  /** The body sent, as it is signed. */
  readonly payload: string;
  /** When it was made, ISO 8601 (the moment of what it tells: a commit's time, for one). */
  readonly createdAt: string;
}

/** Where a delivery stands. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** A delivery as stored. */
export interface Delivery extends NewDelivery {
  /** Its place in the endpoint's partition (the table's sort key). */
  readonly seq: number;
  readonly status: DeliveryStatus;
  /** Attempts made, over its whole life (redeliveries too). */
  readonly attemptCount: number;
  /** The newest attempts, oldest first (at most `ATTEMPTS_KEPT`). */
  readonly attempts: readonly DeliveryAttempt[];
  /** When the next attempt is due, ISO 8601, while pending. */
  readonly nextAttemptAt: string | null;
  /** Bumped by every write: a sweeper's claim holds only while it is unchanged. */
  readonly version: number;
  /** A manual redelivery: one attempt, no retries after it. */
  readonly once: boolean;
}

/** How many attempts a delivery's log keeps (the count goes on). */
export const ATTEMPTS_KEPT = 12;

/** The due kind of a pending delivery. */
export const DELIVERY_DUE = 'webhook-delivery';

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
 * Makes a pending delivery, due at `dueAt`, unless the same message was made for the endpoint
 * already (then that one is returned): a conditional PutItem in the first free slot of its
 * millisecond from the one its id picks, so making it again (a sweep repeated after a crash) finds
 * it rather than doubling it.
 */
export async function putDelivery(
  dynamo: Dynamo,
  delivery: NewDelivery,
  dueAt: string,
): Promise<{ delivery: Delivery; created: boolean }> {
  checkId('endpointId', delivery.endpointId);
  const base = Date.parse(delivery.createdAt) * SLOTS;
  if (!Number.isSafeInteger(base)) throw new TypeError(`createdAt must be ISO 8601, got ${delivery.createdAt}`);
  const first = createHash('sha256').update(delivery.messageId).digest().readUInt16BE(0) % SLOTS;
  for (let probe = 0; probe < SLOTS; probe++) {
    const slot = (first + probe) % SLOTS;
    const item: Record<string, AttributeValue> = {
      ...keyOf(delivery.endpointId, base + slot),
      pl: { S: delivery.playerId },
      mid: { S: delivery.messageId },
      typ: { S: delivery.type },
      ...(delivery.gameId ? { gid: { S: delivery.gameId } } : {}),
      pay: { S: delivery.payload },
      ca: { N: String(Date.parse(delivery.createdAt)) },
      st: { S: 'pending' },
      n: { N: '0' },
      nx: { S: new Date(dueAt).toISOString() },
      v: { N: '1' },
      ...due(delivery.endpointId, dueAt),
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

/** What came of an attempt, to record: the attempt, and then either the next one's time or the end. */
export interface AttemptRecord {
  readonly attempt: DeliveryAttempt;
  /** When to try again (pending), or null with the final status. */
  readonly next: string | null;
  readonly status: DeliveryStatus;
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
