import type { Store } from '@chickenfoot/store';
import type { Clock } from '../clock';
import type { Logger } from '../logging';
import type { PushOutbox } from '../push/outbox';
import { commitNotifier, type CommitNotifier } from './commit-notifier';
import { WebhookDirectory } from './directory';
import { WebhookEndpoints } from './endpoints';
import { WebhookOutbox } from './outbox';

/** The webhook parts a process needs, built once from the store: the app's and the sweeper's alike. */
export interface WebhookParts {
  readonly endpoints: WebhookEndpoints;
  readonly directory: WebhookDirectory;
  readonly outbox: WebhookOutbox;
  readonly notifier: CommitNotifier;
}

/**
 * Builds the webhook parts on `store`. `written` hears of every commit written with notifications
 * (the local server sweeps soon after one, so a delivery's first attempt follows the move at once);
 * with `push`, the commits whose notifications a device wants are due work too.
 */
export function webhookParts(
  store: Store,
  clock: Clock,
  logger: Logger,
  written?: () => void,
  push: PushOutbox | null = null,
): WebhookParts {
  const endpoints = new WebhookEndpoints(store);
  const directory = new WebhookDirectory(endpoints, clock);
  const outbox = new WebhookOutbox(directory);
  return { endpoints, directory, outbox, notifier: commitNotifier(outbox, logger, written, push) };
}
