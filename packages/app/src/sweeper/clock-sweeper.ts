import { DELIVERY_DUE, deliveryKeyOf, PUSH_DUE, pushKeyOf, type DueItem, type Store } from '@chickenfoot/store';
import { randomInt } from 'node:crypto';
import { createGameService, type GameServiceParts } from '../games/create-service';
import { TIMEOUT, TURN_REMINDER } from '../games/turn-clock';
import { systemClock } from '../clock';
import { jsonLogger } from '../logging';
import { pushParts } from '../push/parts';
import type { PushConfig } from '../push/vapid';
import { NOTIFY } from '../webhooks/commit-notifier';
import { webhookParts } from '../webhooks/parts';
import { safeSender, type WebhookSender } from '../webhooks/sender';
import { BOTS } from '../games/lists';
import { botsHandler } from './bots-handler';
import { setupHandlers } from './close-stale';
import { deliveryHandler } from './delivery-handler';
import { sendNow } from './send-now';
import { notifyHandler } from './notify-handler';
import { pushWork, type SweeperPushOptions } from './push-work';
import { reminderHandler } from './reminder-handler';
import { Sweeper, type SweeperOptions } from './sweeper';
import { timeoutHandler } from './timeout-handler';

/** How the sweeper delivers webhooks. */
export interface SweeperWebhookOptions {
  /**
   * Plain HTTP to loopback receivers too: only for a server started for local development or tests
   * (`npm start`). Off, only HTTPS to public addresses is ever sent to.
   */
  readonly allowLoopbackHttp?: boolean;
  /** How long a receiver may take, in ms (default 15 s). */
  readonly timeoutMs?: number;
  /** Sends one signed request (default: the SSRF-safe sender with the policy above). */
  readonly send?: WebhookSender;
  /** In [0, 1), for the retries' jitter (default: crypto). */
  readonly random?: () => number;
}

/** What the app's sweeper is built from: the app's own parts (see `AppOptions`), and the sweeper's knobs. */
export interface AppSweeperOptions extends GameServiceParts {
  /** Lease, page size, concurrency, budget (see `SweeperOptions`). */
  readonly sweep?: Omit<SweeperOptions, 'store' | 'handlers' | 'logger'>;
  readonly webhooks?: SweeperWebhookOptions;
  /** Web Push: the VAPID secret and contact (none: nothing is pushed), and the sender (a test's own). */
  readonly push?: PushConfig & SweeperPushOptions;
}

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/**
 * The app's one sweeper of due work, with a handler for each kind the app makes due (a turn's
 * `timeout` and its `turn-reminder`, a waiting game's `close-stale`, a commit's `notify`, a webhook's
 * `webhook-delivery`, a push's `push-delivery`), on a game service of its own: what the sweeper Lambda runs every minute,
 * `npm start` on a timer, and tests with a fake clock. It needs no signing secret: it answers nobody.
 * @example const report = await appSweeper({ store }).sweep(Date.now());
 */
export function appSweeper(options: AppSweeperOptions): Sweeper {
  const logger = options.logger ?? jsonLogger;
  // The commits the sweeper's own work writes (a timeout, the bot moves after it) may notify too.
  let sweeper: Sweeper | undefined;
  const clock = options.clock ?? systemClock;
  const push = pushParts(options.store, clock, options.push);
  const outbox = push.vapid ? push.outbox : null;
  const hooks = webhookParts(options.store, clock, logger, () => sweeper?.dueNow(), outbox);
  // Bots its own chains left to move are due at once: another pass of the same sweep carries them on.
  const bots = { ...options.bots, onDue: () => sweeper?.dueNow() };
  const games = createGameService({ ...options, bots, logger, notifier: hooks.notifier });
  const web = options.webhooks ?? {};
  const sendOptions = {
    policy: { allowLoopbackHttp: web.allowLoopbackHttp ?? false },
    ...(web.timeoutMs !== undefined ? { timeoutMs: web.timeoutMs } : {}),
  };
  const send = web.send ?? safeSender(sendOptions);
  const pushes = pushWork(options.store, games, push, options.push?.send ?? sendOptions);
  const timeout = timeoutHandler(games);
  const attempts = { endpoints: hooks.endpoints, send, random: web.random ?? cryptoRandom };
  const now = sendNow(options.store, attempts, logger);
  sweeper = new Sweeper({
    clock,
    deliveries: {
      kinds: new Set([NOTIFY, TURN_REMINDER, DELIVERY_DUE, PUSH_DUE]),
      // A player whose receivers never answer holds two of the lane's slots at most.
      perGroup: 2,
      groupOf: (item) => groupOf(options.store, item),
    },
    // Chains of bot moves take the CPU and nobody waits on them at once: one at a time, in a lane of
    // their own (a player's own bots are moved in their request; only what a bound left comes here).
    background: { kinds: new Set([BOTS]) },
    ...options.sweep,
    store: options.store,
    logger,
    handlers: {
      ...setupHandlers(games),
      [TIMEOUT]: timeout,
      [BOTS]: botsHandler(games),
      [TURN_REMINDER]: reminderHandler(games, hooks.outbox, timeout, now, pushes.now),
      [NOTIFY]: notifyHandler(options.store, games, hooks.outbox, now, pushes.now),
      [DELIVERY_DUE]: deliveryHandler({ store: options.store, ...attempts }),
      ...(pushes.handler ? { [PUSH_DUE]: pushes.handler } : {}),
    },
  });
  return sweeper;
}

/** The delivery lane's group of an item: a webhook delivery's player, a waiting push's device, else its stream. */
async function groupOf(store: Store, item: DueItem): Promise<string> {
  const push = pushKeyOf(item);
  if (push) return `push:${push.subscriptionId}`;
  const key = deliveryKeyOf(item);
  const delivery = key ? await store.deliveries.read(key.endpointId, key.seq) : null;
  return delivery ? `player:${delivery.playerId}` : item.streamId;
}
