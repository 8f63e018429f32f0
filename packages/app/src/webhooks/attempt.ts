import type { AttemptRecord, DeliveryAttempt } from '@chickenfoot/store';
import { liveSecrets, type StoredEndpoint, type WebhookEndpoints } from './endpoints';
import { nextAttemptAt } from './schedule';
import { signedHeaders, type SendOutcome, type WebhookSender } from './sender';

/** What an attempt is made with. */
export interface AttemptParts {
  readonly endpoints: WebhookEndpoints;
  readonly send: WebhookSender;
  /** In [0, 1), for the retries' jitter (injected: tests are deterministic). */
  readonly random: () => number;
}

/** The message an attempt sends, and where it stands. */
export interface AttemptOf {
  readonly playerId: string;
  readonly messageId: string;
  readonly payload: string;
  /** Attempts made before this one. */
  readonly attemptsBefore: number;
  /** A manual redelivery: no retry follows it. */
  readonly once: boolean;
}

const DETAIL_CHARS = 300;

/** The effects of an attempt that failed (what the failure-rate metric counts, see sweeper/metrics.ts). */
export const FAILED_EFFECTS = ['retry', 'given-up', 'gone'] as const;

const attemptOf = (at: number, outcome: SendOutcome): DeliveryAttempt => ({
  at: new Date(at).toISOString(),
  status: outcome.status,
  outcome: outcome.kind === 'delivered' ? 'delivered' : outcome.reason,
  ms: Math.round(outcome.ms),
  detail: (outcome.kind === 'delivered' ? outcome.body : `${outcome.detail} ${outcome.body}`.trim()).slice(
    0,
    DETAIL_CHARS,
  ),
});

/** Turns an endpoint off after its receiver answered 410 Gone: the receiver said it wants no more. */
async function disable(endpoints: WebhookEndpoints, playerId: string, endpointId: string, at: number) {
  const when = new Date(at);
  await endpoints.handle(
    playerId,
    { type: 'disable', id: endpointId, reason: 'gone', at: when.toISOString() },
    { at: when, by: 'system' },
  );
}

/**
 * One attempt at a message to an endpoint at `now`, signed with the endpoint's live secrets at that
 * moment, and what follows it: delivered (2xx); due again on the retry schedule (any other answer,
 * none, or a refused address; `Retry-After` honoured); failed when the schedule is spent, after a
 * redelivery's one attempt, or on 410, which also turns the endpoint off. `effect` names it in a word.
 */
export async function attemptDelivery(
  parts: AttemptParts,
  endpoint: StoredEndpoint,
  message: AttemptOf,
  now: number,
): Promise<{ record: AttemptRecord; effect: string }> {
  const headers = signedHeaders(message.messageId, now, message.payload, liveSecrets(endpoint, now));
  const outcome = await parts.send(endpoint.url, headers, message.payload);
  const attempt = attemptOf(now, outcome);
  if (outcome.kind === 'delivered')
    return { record: { attempt, next: null, status: 'delivered' }, effect: 'delivered' };
  if (outcome.gone) await disable(parts.endpoints, message.playerId, endpoint.id, now);
  const next =
    outcome.gone || message.once
      ? null
      : nextAttemptAt(message.attemptsBefore + 1, now, parts.random, outcome.retryAfterMs);
  const at = next === null ? null : new Date(next).toISOString();
  return {
    record: { attempt, next: at, status: at === null ? 'failed' : 'pending' },
    effect: outcome.gone ? 'gone' : at === null ? 'given-up' : 'retry',
  };
}
