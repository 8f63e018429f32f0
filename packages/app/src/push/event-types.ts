/**
 * What a browser's push subscription can be told of, in one list: the contract names them, a
 * subscription picks some (`DEFAULT_PUSH_EVENTS` unless it says), the sweeper sends them. Each is
 * also a webhook's notification of the same name (webhooks/notifications.ts derives both), except
 * `rematch.offered`, which only a person needs.
 */
export const PUSH_EVENT_TYPES = [
  'turn.started',
  'turn.reminder',
  'game.started',
  'game.finished',
  'game.cancelled',
  'rematch.offered',
  'turn.timed-out',
  'hand.ended',
] as const;

/** A notification a push subscription can ask for. */
export type PushEventType = (typeof PUSH_EVENT_TYPES)[number];

/**
 * What a new subscription is told of unless it says: what a person away from the game needs to act
 * on (their turn, its deadline coming, a game starting, over or cancelled before it began, a rematch
 * offered). A hand's end and a
 * timeout are on the list for those who want them, off by default: the turn that follows says enough.
 */
export const DEFAULT_PUSH_EVENTS: readonly PushEventType[] = [
  'turn.started',
  'turn.reminder',
  'game.started',
  'game.finished',
  'game.cancelled',
  'rematch.offered',
];

/** The type of a test push (`POST /v1/me/push-subscriptions/{id}/test`): to the one subscription asked. */
export const PUSH_TEST = 'push.test';
