import type { SendOutcome } from '@chickenfoot/webhooks';
import type { PushPayload } from './payload';
import { nextPushAttempt } from './policy';
import { expiryOf, pushRequest } from './request';
import type { StoredSubscription } from './subscription-decider';
import type { PushSubscriptions } from './subscriptions';
import { keyPairFor, type VapidKeys } from './vapid';

/** How one push request goes out: the SSRF-safe sender of `@chickenfoot/webhooks`, or a test's own. */
export type PushSender = (url: string, headers: Record<string, string>, body: Uint8Array) => Promise<SendOutcome>;

/** What a push attempt is made with. */
export interface PushAttemptParts {
  readonly subscriptions: PushSubscriptions;
  readonly send: PushSender;
  /** The VAPID keys (fetched once). */
  readonly vapid: () => Promise<VapidKeys>;
}

/** What one attempt came to: `effect` in a word for the sweep's report, and when to try again (null: never). */
export interface PushAttempt {
  readonly effect: 'delivered' | 'retry' | 'gone' | 'given-up' | 'expired';
  readonly next: number | null;
}

/** The push service's answers that mean "this subscription is no more" (RFC 8030 §7.3, and 404 in practice). */
const GONE = new Set([404, 410]);
/** Answers a retry will not change: the request itself is wrong (too large, malformed, refused key). */
const HOPELESS = new Set([400, 401, 403, 413]);

/** Removes a subscription its push service says is gone (or whose VAPID key was retired). */
async function drop(parts: PushAttemptParts, subscription: StoredSubscription, playerId: string, now: number) {
  const at = new Date(now);
  await parts.subscriptions.handle(playerId, { type: 'drop', id: subscription.id }, { at, by: 'system' });
}

/**
 * One attempt at a push to a subscription at `now`, and what follows it: delivered (2xx, a push
 * service's 201); the subscription removed on 404/410 or once the VAPID key it was made with is
 * retired; given up on an answer a retry will not change; otherwise due again on the push schedule
 * (`Retry-After` honoured) while the push is still news (its TTL).
 */
export async function attemptPush(
  parts: PushAttemptParts,
  subscription: StoredSubscription,
  push: { readonly playerId: string; readonly payload: PushPayload; readonly attemptsBefore: number },
  now: number,
): Promise<PushAttempt> {
  const expiresAt = expiryOf(push.payload);
  if (now >= expiresAt) return { effect: 'expired', next: null };
  const keys = await parts.vapid();
  const pair = keyPairFor(keys, subscription.vapidKey);
  if (!pair) {
    await drop(parts, subscription, push.playerId, now);
    return { effect: 'gone', next: null };
  }
  const request = pushRequest(subscription, push.payload, { keys: pair, subject: keys.subject }, now);
  const outcome = await parts.send(request.endpoint, request.headers, request.body);
  if (outcome.kind === 'delivered') return { effect: 'delivered', next: null };
  if (outcome.status !== null && GONE.has(outcome.status)) {
    await drop(parts, subscription, push.playerId, now);
    return { effect: 'gone', next: null };
  }
  if (outcome.status !== null && HOPELESS.has(outcome.status)) return { effect: 'given-up', next: null };
  const next = nextPushAttempt(push.attemptsBefore + 1, now, expiresAt, outcome.retryAfterMs);
  return next === null ? { effect: 'given-up', next } : { effect: 'retry', next };
}
