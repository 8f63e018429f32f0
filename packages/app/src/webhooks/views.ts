import type { Delivery } from '@chickenfoot/store';
import type { DeliveryType } from './event-types';
import type { StoredEndpoint } from './endpoints';

/** An endpoint as the API shows it: never a secret, only until when the previous one still signs. */
export function endpointView(endpoint: StoredEndpoint, now: number) {
  const previous = endpoint.secrets[1]?.expiresAt ?? null;
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: [...endpoint.events],
    games: endpoint.games ? [...endpoint.games] : null,
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
    previousSecretExpiresAt: previous !== null && Date.parse(previous) > now ? previous : null,
  };
}

/** A delivery's id in the API: its place in the endpoint's log. */
export const deliveryIdOf = (seq: number): string => `wd_${seq}`;

/** The place in the log a delivery id names, or null for one this API did not hand out. */
export function seqOf(deliveryId: string): number | null {
  const seq = Number(deliveryId.slice('wd_'.length));
  return Number.isSafeInteger(seq) ? seq : null;
}

/** A delivery as the API shows it, with the body as it was sent. */
export function deliveryView(delivery: Delivery) {
  return {
    id: deliveryIdOf(delivery.seq),
    messageId: delivery.messageId,
    type: delivery.type as DeliveryType,
    gameId: delivery.gameId,
    status: delivery.status,
    createdAt: delivery.createdAt,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt : null,
    attemptCount: delivery.attemptCount,
    attempts: delivery.attempts.map((a) => ({ ...a })),
    body: delivery.payload,
  };
}
