/**
 * Outbound deliveries (a webhook's notifications): one item per message and endpoint in the
 * endpoint's partition (`hook#<endpointId>`), its sort key the time it was made (ms × 1024, plus a
 * slot for messages made in the same millisecond), so its log is one Query, newest first. A pending
 * delivery is due work (`dpk`/`dsk`, see due.ts) until it is delivered or given up; each attempt
 * is written on it, with its outcome, by the sweeper that made it. This file says what a delivery is;
 * deliveries.ts writes and reads them.
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

/** What came of an attempt, to record: the attempt, and then either the next one's time or the end. */
export interface AttemptRecord {
  readonly attempt: DeliveryAttempt;
  /** When to try again (pending), or null with the final status. */
  readonly next: string | null;
  readonly status: DeliveryStatus;
}
