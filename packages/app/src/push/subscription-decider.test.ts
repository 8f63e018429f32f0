import { describe, expect, it } from 'vitest';
import { NotFoundError, RefusedError } from '../errors';
import { DEFAULT_PUSH_EVENTS } from './event-types';
import {
  decide,
  evolve,
  initialState,
  MAX_SUBSCRIPTIONS,
  subscriptionIdOf,
  type SubscriptionCommand,
  type SubscriptionEvent,
} from './subscription-decider';

const at = '2026-12-01T10:00:00.000Z';
const given = (events: readonly SubscriptionEvent[]) => {
  const state = events.reduce(evolve, initialState());
  return { state, when: (command: SubscriptionCommand) => decide(command, state) };
};
const subscribe = (endpoint: string, sessionId = 's_1', extra: Partial<SubscriptionCommand> = {}) =>
  ({
    type: 'subscribe',
    id: subscriptionIdOf('p_1', endpoint),
    endpoint,
    keys: { p256dh: 'BKey', auth: 'auth' },
    label: 'phone',
    sessionId,
    vapidKey: 'BVapid',
    at,
    ...extra,
  }) as SubscriptionCommand;
const subscribed = (endpoint: string, sessionId = 's_1'): SubscriptionEvent => {
  const [event] = decide(subscribe(endpoint, sessionId), initialState()) as SubscriptionEvent[];
  return event!;
};

describe('push subscriptions as a decider', () => {
  it('given none, when a browser subscribes, then it is subscribed to the default events', () => {
    expect(given([]).when(subscribe('https://push.example/a'))).toEqual([
      {
        type: 'PushSubscribed',
        subscription: {
          id: subscriptionIdOf('p_1', 'https://push.example/a'),
          endpoint: 'https://push.example/a',
          keys: { p256dh: 'BKey', auth: 'auth' },
          label: 'phone',
          events: [...DEFAULT_PUSH_EVENTS],
          sessionId: 's_1',
          vapidKey: 'BVapid',
          createdAt: at,
          updatedAt: at,
        },
      },
    ]);
  });

  it('given a subscription, when the same browser subscribes again as it was, then nothing; with new keys, it is replaced', () => {
    const { state, when } = given([subscribed('https://push.example/a')]);
    expect(when(subscribe('https://push.example/a'))).toEqual([]);
    const again = when(subscribe('https://push.example/a', 's_1', { keys: { p256dh: 'BNew', auth: 'x' } }));
    expect(again).toHaveLength(1);
    const after = (again as SubscriptionEvent[]).reduce(evolve, state);
    expect(after.subscriptions).toHaveLength(1);
    expect(after.subscriptions[0]!.keys.p256dh).toBe('BNew');
  });

  it('given the most subscriptions there may be, when another browser subscribes, then it is refused', () => {
    const full = Array.from({ length: MAX_SUBSCRIPTIONS }, (_, i) => subscribed(`https://push.example/${i}`));
    const refused = given(full).when(subscribe('https://push.example/one-more'));
    expect(refused).toBeInstanceOf(RefusedError);
    expect((refused as RefusedError).code).toBe('push/too-many-subscriptions');
    // The same browser again is no new subscription.
    expect(given(full).when(subscribe('https://push.example/3'))).toEqual([]);
  });

  it('given a subscription, when changed, then only what the change names changes', () => {
    const sub = subscribed('https://push.example/a');
    const id = subscriptionIdOf('p_1', 'https://push.example/a');
    const later = '2026-12-02T10:00:00.000Z';
    const { state, when } = given([sub]);
    const events = when({ type: 'change', id, events: ['game.finished', 'game.finished'], at: later });
    expect(events).toEqual([{ type: 'PushSubscriptionChanged', id, events: ['game.finished'], at: later }]);
    const after = (events as SubscriptionEvent[]).reduce(evolve, state).subscriptions[0]!;
    expect(after).toMatchObject({ label: 'phone', events: ['game.finished'], updatedAt: later });
    expect(when({ type: 'change', id: 'ps_nope', label: 'x', at })).toBeInstanceOf(NotFoundError);
  });

  it('given subscriptions of two sessions, when one session signs out, then only its subscriptions go', () => {
    const a = subscribed('https://push.example/a', 's_1');
    const b = subscribed('https://push.example/b', 's_2');
    const { when } = given([a, b]);
    const ids = (e: SubscriptionEvent) => (e.type === 'PushUnsubscribed' ? e.ids : []);
    const only = when({ type: 'sign-out', sessions: { only: 's_1' }, reason: 'signed-out' }) as SubscriptionEvent[];
    expect(only.flatMap(ids)).toEqual([subscriptionIdOf('p_1', 'https://push.example/a')]);
    const except = when({ type: 'sign-out', sessions: { except: 's_1' }, reason: 'signed-out' }) as SubscriptionEvent[];
    expect(except.flatMap(ids)).toEqual([subscriptionIdOf('p_1', 'https://push.example/b')]);
    const all = when({ type: 'sign-out', sessions: 'all', reason: 'account-deleted' }) as SubscriptionEvent[];
    expect(all).toEqual([{ type: 'PushUnsubscribed', ids: expect.any(Array), reason: 'account-deleted' }]);
    expect(all.flatMap(ids)).toHaveLength(2);
    expect(given([]).when({ type: 'sign-out', sessions: 'all', reason: 'account-deleted' })).toEqual([]);
  });

  it('given a subscription, when its push service says it is gone, then it is dropped; dropped twice, nothing', () => {
    const sub = subscribed('https://push.example/a');
    const id = subscriptionIdOf('p_1', 'https://push.example/a');
    expect(given([sub]).when({ type: 'drop', id })).toEqual([{ type: 'PushUnsubscribed', ids: [id], reason: 'gone' }]);
    expect(given([sub, { type: 'PushUnsubscribed', ids: [id], reason: 'gone' }]).when({ type: 'drop', id })).toEqual(
      [],
    );
    expect(given([]).when({ type: 'remove', id })).toBeInstanceOf(NotFoundError);
  });
});
