import { createHash } from 'node:crypto';
import { NotFoundError, RefusedError } from '../errors';
import type { Decider, Decision } from '../streams/decider';
import { DEFAULT_PUSH_EVENTS, type PushEventType } from './event-types';

/** A browser's keys for the messages sent to it (RFC 8291): its P-256 public key and its auth secret, base64url. */
export interface PushKeys {
  readonly p256dh: string;
  readonly auth: string;
}

/** A browser's push subscription as kept: where to send, how to encrypt, what it wants, and who made it. */
export interface StoredSubscription {
  readonly id: string;
  /** The push service's URL for this browser (checked against the address policy when registered). */
  readonly endpoint: string;
  readonly keys: PushKeys;
  /** The device, in its owner's words ("Ann's phone"). */
  readonly label: string;
  readonly events: readonly PushEventType[];
  /** The session (token) that registered it: revoking that session removes it. */
  readonly sessionId: string;
  /** The server's VAPID public key the browser subscribed with: its pushes are signed with that key's pair. */
  readonly vapidKey: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A player's push subscriptions. */
export interface SubscriptionsState {
  readonly subscriptions: readonly StoredSubscription[];
}

/** Why subscriptions were removed: by their owner, by their push service (404/410), with a session, with the account. */
export type RemovalReason = 'removed' | 'gone' | 'signed-out' | 'account-deleted';

/** What happened to a player's subscriptions. */
export type SubscriptionEvent =
  /** A subscription made, or made again by the same browser (same endpoint: the same id), replacing it. */
  | { readonly type: 'PushSubscribed'; readonly subscription: StoredSubscription }
  | {
      readonly type: 'PushSubscriptionChanged';
      readonly id: string;
      readonly label?: string;
      readonly events?: readonly PushEventType[];
      readonly at: string;
    }
  | { readonly type: 'PushUnsubscribed'; readonly ids: readonly string[]; readonly reason: RemovalReason };

/** Which sessions' subscriptions a sign-out removes: one session's, all but one's, or all. */
export type SessionsClosed = { readonly only: string } | { readonly except: string } | 'all';

/** What is asked of a player's subscriptions; `at` is the time now (ISO 8601). */
export type SubscriptionCommand =
  | {
      readonly type: 'subscribe';
      readonly id: string;
      /** Checked against the address policy already. */
      readonly endpoint: string;
      readonly keys: PushKeys;
      readonly label: string;
      readonly events?: readonly PushEventType[] | undefined;
      readonly sessionId: string;
      readonly vapidKey: string;
      readonly at: string;
    }
  | {
      readonly type: 'change';
      readonly id: string;
      readonly label?: string | undefined;
      readonly events?: readonly PushEventType[] | undefined;
      readonly at: string;
    }
  | { readonly type: 'remove'; readonly id: string }
  /** The push service said the subscription is no more (404, 410). */
  | { readonly type: 'drop'; readonly id: string }
  | { readonly type: 'sign-out'; readonly sessions: SessionsClosed; readonly reason: 'signed-out' | 'account-deleted' };

/** The most subscriptions (browsers, devices) one player may have. */
export const MAX_SUBSCRIPTIONS = 20;

/** The id of a player's subscription at `endpoint`: the same browser registering again names the same one. */
export function subscriptionIdOf(playerId: string, endpoint: string): string {
  return `ps_${createHash('sha256').update(`${playerId}|${endpoint}`).digest('base64url').slice(0, 22)}`;
}

/** A player with no subscriptions. */
export const initialState = (): SubscriptionsState => ({ subscriptions: [] });

/** The subscriptions after `event` (total and pure: it never validates). */
export function evolve(state: SubscriptionsState, event: SubscriptionEvent): SubscriptionsState {
  switch (event.type) {
    case 'PushSubscribed': {
      const others = state.subscriptions.filter((s) => s.id !== event.subscription.id);
      return { subscriptions: [...others, event.subscription] };
    }
    case 'PushSubscriptionChanged':
      return {
        subscriptions: state.subscriptions.map((s) =>
          s.id === event.id
            ? {
                ...s,
                ...(event.label !== undefined ? { label: event.label } : {}),
                ...(event.events !== undefined ? { events: event.events } : {}),
                updatedAt: event.at,
              }
            : s,
        ),
      };
    case 'PushUnsubscribed':
      return { subscriptions: state.subscriptions.filter((s) => !event.ids.includes(s.id)) };
  }
}

const notFound = (id: string) => new NotFoundError('push/not-found', `You have no push subscription ${id}.`);
const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** The events `command` causes on `state` (none: it is as asked already), or why it is refused. */
export function decide(command: SubscriptionCommand, state: SubscriptionsState): Decision<SubscriptionEvent> {
  switch (command.type) {
    case 'subscribe':
      return subscribe(command, state);
    case 'change': {
      const found = state.subscriptions.find((s) => s.id === command.id);
      if (!found) return notFound(command.id);
      const events = command.events ? unique(command.events) : undefined;
      return [
        {
          type: 'PushSubscriptionChanged',
          id: command.id,
          ...(command.label !== undefined ? { label: command.label } : {}),
          ...(events ? { events } : {}),
          at: command.at,
        },
      ];
    }
    case 'remove':
      if (!state.subscriptions.some((s) => s.id === command.id)) return notFound(command.id);
      return [{ type: 'PushUnsubscribed', ids: [command.id], reason: 'removed' }];
    case 'drop':
      return state.subscriptions.some((s) => s.id === command.id)
        ? [{ type: 'PushUnsubscribed', ids: [command.id], reason: 'gone' }]
        : [];
    case 'sign-out': {
      const ids = state.subscriptions.filter((s) => closedBy(command.sessions, s.sessionId)).map((s) => s.id);
      return ids.length > 0 ? [{ type: 'PushUnsubscribed', ids, reason: command.reason }] : [];
    }
  }
}

/** True when a sign-out of `sessions` closes `sessionId`. */
export function closedBy(sessions: SessionsClosed, sessionId: string): boolean {
  if (sessions === 'all') return true;
  return 'only' in sessions ? sessions.only === sessionId : sessions.except !== sessionId;
}

function subscribe(
  command: Extract<SubscriptionCommand, { type: 'subscribe' }>,
  state: SubscriptionsState,
): Decision<SubscriptionEvent> {
  const existing = state.subscriptions.find((s) => s.id === command.id);
  if (!existing && state.subscriptions.length >= MAX_SUBSCRIPTIONS)
    return new RefusedError(
      'push/too-many-subscriptions',
      `You have ${state.subscriptions.length} push subscriptions, the most there may be: remove one first.`,
    );
  const subscription: StoredSubscription = {
    id: command.id,
    endpoint: command.endpoint,
    keys: { p256dh: command.keys.p256dh, auth: command.keys.auth },
    label: command.label,
    events: command.events ? unique(command.events) : (existing?.events ?? [...DEFAULT_PUSH_EVENTS]),
    sessionId: command.sessionId,
    vapidKey: command.vapidKey,
    createdAt: existing?.createdAt ?? command.at,
    updatedAt: existing && same(existing, command) ? existing.updatedAt : command.at,
  };
  if (existing && same(existing, command) && sameEvents(existing.events, subscription.events)) return [];
  return [{ type: 'PushSubscribed', subscription }];
}

const same = (s: StoredSubscription, c: Extract<SubscriptionCommand, { type: 'subscribe' }>) =>
  s.keys.p256dh === c.keys.p256dh &&
  s.keys.auth === c.keys.auth &&
  s.label === c.label &&
  s.sessionId === c.sessionId &&
  s.vapidKey === c.vapidKey;

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((e) => b.includes(e));

/** A player's push subscriptions as a decider (see `DeciderStream`). */
export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionsState> = {
  initialState,
  evolve,
  decide,
};
