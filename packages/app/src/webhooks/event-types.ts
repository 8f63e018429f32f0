/**
 * The notifications a webhook endpoint can subscribe to, in one list: the contract documents each
 * (contract/webhook-events.ts), endpoints name them, the derivation makes them (notifications.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'turn.started',
  'turn.reminder',
  'turn.timed-out',
  'game.started',
  'hand.ended',
  'game.finished',
  'game.cancelled',
] as const;

/** A notification an endpoint can subscribe to. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "send a test event" sends: to the one endpoint asked, whatever it subscribes to. */
export const TEST_EVENT = 'webhook.test';

/** Every type a delivery can have. */
export type DeliveryType = WebhookEventType | typeof TEST_EVENT;
