import type { Logger } from '../logging';
import type { PushOutbox } from '../push/outbox';
import { notificationsOf, type CommitFacts } from './notifications';
import type { WebhookOutbox } from './outbox';

/** What a commit records for its notifications, decided before it is appended. */
export interface NotificationPlan {
  /** Its notifications are wanted by someone: the commit is due work for the sweeper (kind `notify`). */
  readonly notify: boolean;
  /** The player the game awaits after it wants a reminder at 80% of the turn (a clocked game). */
  readonly remind: boolean;
}

/** Decides, on the move path, what a commit records for notifications; and hears when one was written. */
export interface CommitNotifier {
  plan(facts: CommitFacts): Promise<NotificationPlan>;
  /** A commit with notifications was written (`npm start` sweeps soon after it). */
  written(): void;
}

/** The due kind of a commit whose notifications are to be delivered. */
export const NOTIFY = 'notify';

/**
 * The move path's side of webhooks and pushes: whether a commit's notifications are wanted by any
 * recipient's endpoint or device (one cached lookup per recipient: see `WebhookDirectory`,
 * `PushDirectory`), and whether the awaited player wants a reminder. When the lookup fails the commit is marked anyway: the sweeper derives again and
 * finds out, so a failing lookup costs a sweep, never a notification.
 */
export function commitNotifier(
  outbox: WebhookOutbox,
  logger: Logger,
  written: () => void = () => {},
  push: PushOutbox | null = null,
): CommitNotifier {
  return {
    async plan(facts) {
      const { awaited } = facts;
      const notifications = notificationsOf(facts);
      try {
        const [hooked, pushed, hookRemind, pushRemind] = await Promise.all([
          outbox.wanted(notifications),
          push ? push.wanted(notifications) : false,
          facts.deadline !== null && awaited !== null ? outbox.wants(awaited, 'turn.reminder', facts.gameId) : false,
          facts.deadline !== null && awaited !== null && push ? push.wants(awaited, 'turn.reminder') : false,
        ]);
        return { notify: hooked || pushed, remind: hookRemind || pushRemind };
      } catch (error) {
        logger({ level: 'warn', msg: 'webhook lookup failed', gameId: facts.gameId, error: String(error) });
        return { notify: true, remind: false };
      }
    },
    written,
  };
}

/** The plan of a commit nobody is notified of (a process without webhooks). */
export const NO_NOTIFICATIONS: NotificationPlan = { notify: false, remind: false };
