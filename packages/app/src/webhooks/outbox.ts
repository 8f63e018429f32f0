import type { NewDelivery } from '@chickenfoot/store';
import { createHash } from 'node:crypto';
import type { WebhookDirectory } from './directory';
import { wants, type StoredEndpoint } from './endpoints';
import type { DeliveryType } from './event-types';
import type { Notification, NotificationData } from './notifications';

/**
 * A notification's body as sent and signed: Standard Webhooks' payload shape (`type`, `timestamp`,
 * `data`), the shape openapi.yaml's `webhooks` section documents for each type.
 */
export function messageBody(type: DeliveryType, timestamp: string, data: NotificationData | object): string {
  return JSON.stringify({ type, timestamp, data });
}

/**
 * A message's id (`webhook-id`): derived from what it tells and the endpoint, so deriving it again
 * (a sweep repeated after a crash) makes the same message, which a receiver can deduplicate on.
 */
export function messageId(source: string, endpointId: string): string {
  return `msg_${createHash('sha256').update(`${source}|${endpointId}`).digest('base64url').slice(0, 24)}`;
}

/** Where a notification came from, uniquely: a commit's (game, version, type, recipient). */
export const sourceOf = (notification: Notification, recipient: string): string =>
  `${notification.data.gameId}:${notification.data.version}:${notification.type}:${recipient}`;

/** A delivery a notification makes, and the endpoint it goes to. */
export interface Planned {
  readonly endpoint: StoredEndpoint;
  readonly delivery: NewDelivery;
}

/** Turns notifications into deliveries: one per recipient's endpoint that wants it. */
export class WebhookOutbox {
  constructor(private readonly directory: WebhookDirectory) {}

  /** True when any recipient has an endpoint that wants any of `notifications`. */
  async wanted(notifications: readonly Notification[]): Promise<boolean> {
    for (const n of notifications) {
      for (const player of n.recipients) {
        const endpoints = await this.directory.endpointsOf(player);
        if (endpoints.some((e) => wants(e, n.type, n.data.gameId))) return true;
      }
    }
    return false;
  }

  /** True when `playerId` has an endpoint that wants `type` about `gameId`. */
  async wants(playerId: string, type: Notification['type'], gameId: string): Promise<boolean> {
    return (await this.directory.endpointsOf(playerId)).some((e) => wants(e, type, gameId));
  }

  /**
   * The deliveries one notification that happened at `at` (ISO 8601) makes: one per recipient's
   * endpoint that wants it, each with its message id and body (nothing is written here).
   */
  async deliveriesOf(notification: Notification, at: string): Promise<Planned[]> {
    const planned: Planned[] = [];
    const { type } = notification;
    // A person's news only (a rematch offered): no endpoint subscribes to it.
    if (type === 'rematch.offered') return planned;
    const body = messageBody(type, at, notification.data);
    const wanted = (e: StoredEndpoint) => wants(e, type, notification.data.gameId);
    for (const player of new Set(notification.recipients)) {
      // The cached directory says who may want it (a player with no endpoints costs no read); what
      // is sent, and with which secrets, is read now: a rotation or a deletion counts at once.
      if (!(await this.directory.endpointsOf(player)).some(wanted)) continue;
      const endpoints = await this.directory.endpointsNow(player);
      for (const endpoint of endpoints.filter(wanted)) {
        planned.push({
          endpoint,
          delivery: {
            endpointId: endpoint.id,
            playerId: player,
            messageId: messageId(sourceOf(notification, player), endpoint.id),
            type,
            gameId: notification.data.gameId,
            payload: body,
            createdAt: at,
          },
        });
      }
    }
    return planned;
  }
}
