import type { Store } from '@chickenfoot/store';
import { DeciderStream } from '../streams/decider-stream';
import { subscriptionDecider, type SubscriptionCommand, type SubscriptionsState } from './subscription-decider';

/**
 * A player's push subscriptions are a small stream of their own beside their record (their id and
 * ".push"), as their webhook endpoints are: reading them is one Query, changing them never conflicts
 * with a move or an account change.
 */
export const subscriptionsStream = (playerId: string): string => `${playerId}.push`;

/**
 * Players' push subscriptions, each change one commit of `subscriptionDecider` on `DeciderStream`
 * (the state after it kept as the commit's snapshot).
 */
export class PushSubscriptions {
  readonly #stream: DeciderStream<
    SubscriptionCommand,
    Parameters<typeof subscriptionDecider.evolve>[1],
    SubscriptionsState
  >;

  constructor(store: Store) {
    this.#stream = new DeciderStream(store, subscriptionDecider);
  }

  /** A player's subscriptions: strongly consistent by default, or eventually (half the cost) for a cached lookup. */
  async read(playerId: string, options: { consistent?: boolean } = {}): Promise<SubscriptionsState> {
    return (await this.#stream.read(subscriptionsStream(playerId), options)).state;
  }

  /**
   * Decides `command` on the player's subscriptions and appends what it causes (nothing when it is as
   * asked already), decided again when another change lands first. Throws the decider's refusal.
   * @example await subscriptions.handle(playerId, { type: 'remove', id }, { at: new Date(), by: playerId });
   */
  async handle(
    playerId: string,
    command: SubscriptionCommand,
    meta: { at: Date; by: string },
  ): Promise<SubscriptionsState> {
    return (await this.#stream.handle(subscriptionsStream(playerId), command, meta)).state;
  }
}
