import { deliveryDueItem, type Delivery, type EventStore } from '@chickenfoot/store';
import type { Logger } from '../http/logging';
import type { DueHandler } from './due-handler';

/** Makes the first attempt of deliveries just made (see `firstAttempts`); how many it made. */
export type FirstAttempts = (deliveries: readonly Delivery[], now: number) => Promise<number>;

/**
 * The first attempt of deliveries a sweep has just made, right away: each claimed as the sweeper
 * claims what it finds in the due index (so no other sweeper attempts it meanwhile) and handed to
 * the delivery handler. Not waiting for the next Query of the index halves the time to the first
 * attempt and spares a pass over every shard. One that fails or is not claimed stays due: the next
 * sweep finds it.
 * @example const first = firstAttempts(store, deliveryHandler(parts), logger); await first(made, now);
 */
export function firstAttempts(store: EventStore, deliver: DueHandler, logger: Logger, leaseMs = 50_000): FirstAttempts {
  return async (deliveries, now) => {
    let attempted = 0;
    const at = new Date(now).toISOString();
    const until = new Date(now + leaseMs).toISOString();
    await Promise.all(
      deliveries.map(async (delivery) => {
        const item = deliveryDueItem(delivery);
        try {
          if (!(await store.claimDue(item, at, until))) return;
          await deliver(item, now);
          attempted++;
        } catch (error) {
          logger({ level: 'warn', msg: 'first attempt failed', endpointId: delivery.endpointId, error: String(error) });
        }
      }),
    );
    return attempted;
  };
}
