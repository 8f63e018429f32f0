import type { GameEvent, GameState } from '@chickenfoot/rules';
import type { NewPush } from '@chickenfoot/store';
import type { Notification, NotificationType } from '../webhooks/notifications';
import type { PushDirectory } from './directory';
import type { PushEventType } from './event-types';
import { pushPayloadOf, type PushPayload } from './payload';
import type { StoredSubscription } from './subscription-decider';

/** A push a notification makes: the subscription it goes to, and what it says. */
export interface PlannedPush {
  readonly subscription: StoredSubscription;
  readonly push: NewPush;
  readonly payload: PushPayload;
}

/** The game a notification is about, as its payload is made from (see `PayloadFacts`). */
export interface PushContext {
  readonly game: GameState;
  readonly events: readonly GameEvent[];
  /** When what it tells happened (ISO 8601). */
  readonly at: string;
}

const wants = (subscription: StoredSubscription, type: NotificationType): boolean =>
  subscription.events.includes(type as PushEventType);

/** Turns notifications into pushes: one per recipient's subscription that wants it. */
export class PushOutbox {
  constructor(private readonly directory: PushDirectory) {}

  /** True when any recipient has a device that wants any of `notifications`. */
  async wanted(notifications: readonly Notification[]): Promise<boolean> {
    for (const n of notifications) for (const player of n.recipients) if (await this.wants(player, n.type)) return true;
    return false;
  }

  /** True when `playerId` has a device that wants `type`. */
  async wants(playerId: string, type: NotificationType): Promise<boolean> {
    return (await this.directory.subscriptionsOf(playerId)).some((s) => wants(s, type));
  }

  /** The pushes one notification makes: one per recipient's subscription that wants it, each in its recipient's words. */
  async pushesOf(notification: Notification, context: PushContext): Promise<PlannedPush[]> {
    const planned: PlannedPush[] = [];
    const wanted = (s: StoredSubscription) => wants(s, notification.type);
    for (const recipient of new Set(notification.recipients)) {
      // The cached directory says who may want it (a player with no devices costs no read); where it
      // goes, and with which keys, is read now: a device removed or signed out counts at once.
      if (!(await this.directory.subscriptionsOf(recipient)).some(wanted)) continue;
      const subscriptions = (await this.directory.subscriptionsNow(recipient)).filter(wanted);
      if (subscriptions.length === 0) continue;
      const payload = pushPayloadOf({ notification, recipient, ...context });
      for (const subscription of subscriptions) {
        const push: NewPush = {
          subscriptionId: subscription.id,
          playerId: recipient,
          gameId: notification.data.gameId,
          type: notification.type,
          version: notification.data.version,
          payload: JSON.stringify(payload),
          createdAt: context.at,
        };
        planned.push({ subscription, push, payload });
      }
    }
    return planned;
  }
}
