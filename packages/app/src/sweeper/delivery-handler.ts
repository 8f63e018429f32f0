import { deliveryKeyOf, type Store } from '@chickenfoot/store';
import { attemptDelivery, type AttemptParts } from '../webhooks/attempt';
import type { DueHandler } from './due-handler';

/** What a delivery handler is built from. */
export interface DeliveryParts extends AttemptParts {
  readonly store: Store;
}

/**
 * The `webhook-delivery` kind of due work: the next attempt at a pending delivery (a retry, a test
 * event, a redelivery; first attempts are made where notifications are, see `sendNow`), with its
 * outcome written on the delivery and what follows (see `attemptDelivery`). A delivery to an
 * endpoint deleted or turned off is cancelled, unsent. An attempt whose outcome could not be written
 * (a crash after sending) is made again when the claim expires, with the same `webhook-id`: at least
 * once, never zero times.
 * @example handlers: { 'webhook-delivery': deliveryHandler({ store, endpoints, send, random }) }
 */
export function deliveryHandler(parts: DeliveryParts): DueHandler {
  const { store, endpoints } = parts;
  return async (item, now) => {
    const key = deliveryKeyOf(item);
    const delivery = key ? await store.deliveries.read(key.endpointId, key.seq) : null;
    if (!delivery || delivery.status !== 'pending' || delivery.version !== item.version)
      return { settled: false, next: null, effect: 'stale' };
    // Strongly consistent: an endpoint deleted or turned off (its account deleted) a moment ago gets
    // no more attempts.
    const { endpoints: owned } = await endpoints.read(delivery.playerId, { consistent: true });
    const endpoint = owned.find((e) => e.id === delivery.endpointId);
    if (!endpoint || !endpoint.enabled) {
      const attempt = {
        at: new Date(now).toISOString(),
        status: null,
        outcome: 'not-sent',
        ms: 0,
        detail: endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted',
      };
      await store.deliveries.recordAttempt(item, delivery, { attempt, next: null, status: 'cancelled' });
      return { settled: true, effect: 'cancelled' };
    }
    const { record, effect } = await attemptDelivery(
      parts,
      endpoint,
      { ...delivery, attemptsBefore: delivery.attemptCount },
      now,
    );
    await store.deliveries.recordAttempt(item, delivery, record);
    return { settled: true, effect };
  };
}
