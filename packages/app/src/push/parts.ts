import type { Store } from '@chickenfoot/store';
import type { Clock } from '../clock';
import { PushDirectory } from './directory';
import { PushOutbox } from './outbox';
import { PushSubscriptions } from './subscriptions';
import { lazyVapid, type PushConfig, type VapidKeys } from './vapid';

/** The Web Push parts a process needs, built once from the store: the app's and the sweeper's alike. */
export interface PushParts {
  readonly subscriptions: PushSubscriptions;
  readonly directory: PushDirectory;
  readonly outbox: PushOutbox;
  /** The VAPID keys, or null when this server has no push configured (nothing is pushed). */
  readonly vapid: (() => Promise<VapidKeys>) | null;
}

/** Builds the push parts on `store`; without `config` subscriptions can be read and removed, and nothing is pushed. */
export function pushParts(store: Store, clock: Clock, config: PushConfig | undefined): PushParts {
  const subscriptions = new PushSubscriptions(store);
  const directory = new PushDirectory(subscriptions, clock);
  return {
    subscriptions,
    directory,
    outbox: new PushOutbox(directory),
    vapid: config ? lazyVapid(config) : null,
  };
}
