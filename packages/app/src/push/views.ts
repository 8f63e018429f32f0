import type { StoredSubscription } from './subscription-decider';

/**
 * A subscription as its owner sees it: never its keys, and of its endpoint (a capability URL of the
 * push service) only the service's host, enough to tell two devices apart.
 */
export function subscriptionView(subscription: StoredSubscription, sessionId: string) {
  return {
    id: subscription.id,
    label: subscription.label,
    events: [...subscription.events],
    pushService: new URL(subscription.endpoint).host,
    thisSession: subscription.sessionId === sessionId,
    createdAt: subscription.createdAt,
    updatedAt: subscription.updatedAt,
  };
}

/** A subscription as the API shows it. */
export type SubscriptionView = ReturnType<typeof subscriptionView>;
