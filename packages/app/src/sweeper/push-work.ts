import { sendWebhook, type SendOptions } from '@chickenfoot/webhooks';
import type { Store } from '@chickenfoot/store';
import type { GameService } from '../games/service';
import type { PushSender } from '../push/attempt';
import type { PushParts } from '../push/parts';
import { NO_PUSH, pushNow, type PushNow } from '../push/push-now';
import type { DueHandler } from './due-handler';
import { pushHandler } from './push-handler';

/** How the sweeper pushes: by default through the webhooks' SSRF-safe sender and its address policy. */
export interface SweeperPushOptions {
  /** Sends one push request (default: `sendWebhook` with the sweeper's URL policy). */
  readonly send?: PushSender;
}

/**
 * The sweeper's push work: the first attempts made where notifications are derived (`pushNow`), and
 * the `push-delivery` handler of the retries; nothing (and no handler) when push is not configured.
 */
export function pushWork(
  store: Store,
  games: GameService,
  parts: PushParts,
  send: PushSender | SendOptions,
): { readonly now: PushNow; readonly handler: DueHandler | null } {
  if (!parts.vapid) return { now: NO_PUSH, handler: null };
  const sender: PushSender =
    typeof send === 'function' ? send : (url, headers, body) => sendWebhook(url, headers, body, send);
  const attempt = { subscriptions: parts.subscriptions, send: sender, vapid: parts.vapid };
  return { now: pushNow(store, parts.outbox, attempt), handler: pushHandler(store, games, attempt) };
}
