import { deliveryKeyOf, type DeliveryAttempt, type EventStore } from '@chickenfoot/store';
import type { Logger } from '../http/logging';
import { liveSecrets, type StoredEndpoint, type WebhookEndpoints } from '../webhooks/endpoints';
import { nextAttemptAt } from '../webhooks/schedule';
import { signedHeaders, type SendOutcome, type WebhookSender } from '../webhooks/sender';
import type { DueHandler } from './due-handler';

/** What a delivery handler is built from. */
export interface DeliveryParts {
  readonly store: EventStore;
  readonly endpoints: WebhookEndpoints;
  readonly send: WebhookSender;
  /** In [0, 1), for the retries' jitter (injected: tests are deterministic). */
  readonly random: () => number;
  readonly logger: Logger;
}

const DETAIL_CHARS = 300;

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
  await endpoints.change(
    playerId,
    (state) => {
      const endpoint = state.endpoints.find((e) => e.id === endpointId);
      if (!endpoint || !endpoint.enabled) return null;
      const updated: StoredEndpoint = {
        ...endpoint,
        enabled: false,
        disabledReason: 'gone',
        updatedAt: new Date(at).toISOString(),
      };
      return {
        event: { type: 'WebhookEndpointDisabled', id: endpointId, reason: 'gone' },
        state: { ...state, endpoints: state.endpoints.map((e) => (e.id === endpointId ? updated : e)) },
      };
    },
    { at: new Date(at), by: 'system' },
  );
}

/**
 * The `webhook-delivery` kind of due work: one attempt at a pending delivery, signed with the
 * endpoint's live secrets at the attempt's time, through the SSRF-safe sender; then its outcome
 * written on the delivery with what follows: delivered (2xx), due again on the retry schedule
 * (any other answer, none, or a refused address; `Retry-After` honoured), failed when the schedule
 * is spent or after a redelivery's one attempt, and on 410 the endpoint disabled. An attempt whose
 * outcome could not be written (a crash after sending) is made again when the claim expires, with
 * the same `webhook-id`: at least once, never zero times.
 * @example handlers: { 'webhook-delivery': deliveryHandler({ store, endpoints, send, random, logger }) }
 */
export function deliveryHandler(parts: DeliveryParts): DueHandler {
  const { store, endpoints, send, random } = parts;
  return async (item, now) => {
    const key = deliveryKeyOf(item);
    const delivery = key ? await store.readDelivery(key.endpointId, key.seq) : null;
    if (!delivery || delivery.status !== 'pending' || delivery.version !== item.version)
      return { settled: false, next: null, effect: 'stale' };
    const { endpoints: owned } = await endpoints.read(delivery.playerId);
    const endpoint = owned.find((e) => e.id === delivery.endpointId);
    if (!endpoint || !endpoint.enabled) {
      const attempt = {
        at: new Date(now).toISOString(),
        status: null,
        outcome: 'not-sent',
        ms: 0,
        detail: endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted',
      };
      await store.recordAttempt(item, delivery, { attempt, next: null, status: 'cancelled' });
      return { settled: true, effect: 'cancelled' };
    }
    const headers = signedHeaders(delivery.messageId, now, delivery.payload, liveSecrets(endpoint, now));
    const outcome = await send(endpoint.url, headers, delivery.payload);
    const attempt = attemptOf(now, outcome);
    if (outcome.kind === 'delivered') {
      await store.recordAttempt(item, delivery, { attempt, next: null, status: 'delivered' });
      return { settled: true, effect: 'delivered' };
    }
    if (outcome.gone) await disable(endpoints, delivery.playerId, endpoint.id, now);
    const next =
      outcome.gone || delivery.once
        ? null
        : nextAttemptAt(delivery.attemptCount + 1, now, random, outcome.retryAfterMs);
    const at = next === null ? null : new Date(next).toISOString();
    await store.recordAttempt(item, delivery, { attempt, next: at, status: at === null ? 'failed' : 'pending' });
    return { settled: true, effect: outcome.gone ? 'gone' : at === null ? 'given-up' : 'retry' };
  };
}
