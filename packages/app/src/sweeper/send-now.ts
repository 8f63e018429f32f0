import type { Store } from '@chickenfoot/store';
import type { Logger } from '../logging';
import { attemptDelivery, type AttemptParts } from '../webhooks/attempt';
import type { Planned } from '../webhooks/outbox';

/**
 * Sends deliveries a notification makes, now, and records each with its outcome; what the attempts
 * came to, counted by effect (`delivered`, `retry`, `gone`, ...), for the sweep's report.
 */
export type SendNow = (planned: readonly Planned[], now: number) => Promise<Record<string, number>>;

/**
 * The first attempt at each delivery a notification makes, right where it is derived (the commit's
 * `notify` item, a turn's reminder), then the delivery written once, with that attempt's outcome:
 * delivered, or due again for its retries. The item that caused it stays in the due index until
 * every delivery is written, so a sweeper that dies before writing one sends it again (the same
 * `webhook-id`): at least once. A delivery written before is found, not doubled.
 * @example await sendNow(store, parts)(await outbox.deliveriesOf(notification, at), now);
 */
export function sendNow(store: Store, parts: AttemptParts, logger: Logger): SendNow {
  return async (planned, now) => {
    const effects: Record<string, number> = {};
    await Promise.all(
      planned.map(async ({ endpoint, delivery }) => {
        const attempt = { ...delivery, attemptsBefore: 0, once: false };
        const { record, effect } = await attemptDelivery(parts, endpoint, attempt, now);
        const { created } = await store.deliveries.put(delivery, delivery.createdAt, record);
        if (!created) logger({ level: 'info', msg: 'delivery sent again', endpointId: delivery.endpointId });
        effects[effect] = (effects[effect] ?? 0) + 1;
      }),
    );
    return effects;
  };
}
