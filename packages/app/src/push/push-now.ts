import type { Store } from '@chickenfoot/store';
import type { Notification } from '../webhooks/notifications';
import { attemptPush, type PushAttemptParts } from './attempt';
import type { PushContext, PushOutbox } from './outbox';

/**
 * Pushes the notifications of one commit (or a reminder) to the devices that want them, now: what the
 * attempts came to, counted by effect (`push-delivered`, `push-retry`, ...), for the sweep's report.
 */
export type PushNow = (
  notifications: readonly Notification[],
  context: PushContext,
  now: number,
) => Promise<Record<string, number>>;

/** A process without Web Push: nothing is pushed. */
export const NO_PUSH: PushNow = async () => ({});

/**
 * The first attempt at each push a notification makes, right where it is derived (the commit's
 * `notify` item, a turn's reminder); a push that failed is written to wait for its retries (one item
 * per subscription and game: a newer one replaces it, see `PendingPushes`). A push delivered at once
 * writes nothing. The item that caused it stays due until every push is sent or written, so a sweeper
 * that dies halfway pushes again: at least once (the service worker's tag shows it once).
 * @example await pushNow(store, outbox, parts)(notifications, { game, events, at }, now);
 */
export function pushNow(store: Store, outbox: PushOutbox, parts: PushAttemptParts): PushNow {
  return async (notifications, context, now) => {
    const effects: Record<string, number> = {};
    const planned = (await Promise.all(notifications.map((n) => outbox.pushesOf(n, context)))).flat();
    await Promise.all(
      planned.map(async ({ subscription, push, payload }) => {
        const attempt = await attemptPush(parts, subscription, { ...push, payload, attemptsBefore: 0 }, now);
        if (attempt.next !== null) await store.pushes.put(push, new Date(attempt.next).toISOString(), 1);
        effects[`push-${attempt.effect}`] = (effects[`push-${attempt.effect}`] ?? 0) + 1;
      }),
    );
    return effects;
  };
}
