import type { Commit, Store } from '@chickenfoot/store';
import type { StoredSubscription, SubscriptionEvent, SubscriptionsState } from './subscription-decider';
import { subscriptionsStream } from './subscriptions';

/** A subscription with what identifies its browser and its owner's words gone: its id, events and times kept. */
const erased = (s: StoredSubscription): StoredSubscription => ({
  ...s,
  endpoint: '',
  keys: { p256dh: '', auth: '' },
  label: '',
});

const holds = (s: StoredSubscription) =>
  s.endpoint !== '' || s.keys.p256dh !== '' || s.keys.auth !== '' || s.label !== '';

/** An event with its browser's details erased, or null when it holds none. */
function erasedEvent(event: SubscriptionEvent): SubscriptionEvent | null {
  if (event.type === 'PushSubscribed')
    return holds(event.subscription) ? { ...event, subscription: erased(event.subscription) } : null;
  if (event.type === 'PushSubscriptionChanged' && event.label !== undefined && event.label !== '')
    return { ...event, label: '' };
  return null;
}

/** A commit's snapshot (the subscriptions after it) erased, or undefined when it holds nothing to erase. */
function erasedSnapshot(commit: Commit): SubscriptionsState | undefined {
  const state = commit.snapshot as SubscriptionsState | undefined | null;
  if (!state?.subscriptions?.some(holds)) return undefined;
  return { ...state, subscriptions: state.subscriptions.map(erased) };
}

/**
 * Erases what a deleted account's push subscriptions kept in its stream: each browser's endpoint
 * (an address that names that browser at its push service), its keys and its label ("Ann's phone"),
 * from every event and every snapshot, each commit rewritten in place, as `eraseNameFromAccount` does
 * the account's name (see there for why rewriting). The subscriptions are removed first (a
 * `PushUnsubscribed`), so nothing reads these commits again but an audit of the stream. Safe to
 * repeat: a commit already erased is left alone. Returns how many commits it rewrote.
 */
export async function erasePushSubscriptions(store: Store, playerId: string): Promise<number> {
  const streamId = subscriptionsStream(playerId);
  const commits = await store.streams.readAll(streamId, { snapshots: true });
  let rewritten = 0;
  for (const commit of commits) {
    const before = commit.events as SubscriptionEvent[];
    const after = before.map((event) => erasedEvent(event) ?? event);
    const snapshot = erasedSnapshot(commit);
    if (after.every((event, i) => event === before[i]) && snapshot === undefined) continue;
    await store.streams.rewrite(streamId, commit.version, {
      events: after,
      ...(snapshot !== undefined ? { snapshot } : {}),
    });
    rewritten++;
  }
  return rewritten;
}
