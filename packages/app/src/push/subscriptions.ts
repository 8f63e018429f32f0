import type { EventStore } from '@chickenfoot/store';
import { DomainErrorBase } from '../errors';
import { SnapshotStream } from '../streams/snapshot-stream';
import {
  decide,
  evolve,
  initialState,
  type SubscriptionCommand,
  type SubscriptionsState,
} from './subscription-decider';

/**
 * A player's push subscriptions are a small stream of their own beside their record (their id and
 * ".push"), as their webhook endpoints are: reading them is one Query, changing them never conflicts
 * with a move or an account change.
 */
export const subscriptionsStream = (playerId: string): string => `${playerId}.push`;

/**
 * Players' push subscriptions, each change one commit: read, decide (subscription-decider.ts), evolve,
 * append with the state after it as the commit's snapshot.
 * Runs the decider on `SnapshotStream` (a command causes one event at most); the typed `DeciderStream`
 * being built for the other small aggregates takes its place once it is on main.
 */
export class PushSubscriptions {
  readonly #stream: SnapshotStream<SubscriptionsState>;

  constructor(store: EventStore) {
    this.#stream = new SnapshotStream<SubscriptionsState>(store, initialState());
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
  handle(playerId: string, command: SubscriptionCommand, meta: { at: Date; by: string }): Promise<SubscriptionsState> {
    return this.#stream.change(
      subscriptionsStream(playerId),
      (state) => {
        const decision = decide(command, state);
        if (decision instanceof DomainErrorBase) throw decision;
        const [event] = decision;
        return event ? { event, state: evolve(state, event) } : null;
      },
      meta,
    );
  }
}
