import type { GameEvent } from '@chickenfoot/rules';
import type { Store } from '@chickenfoot/store';
import { awaitedPlayer } from '../games/awaited';
import type { GameService } from '../games/service';
import { deadlineOf } from '../games/turn-clock';
import { notificationsOf } from '../webhooks/notifications';
import type { WebhookOutbox } from '../webhooks/outbox';
import { NO_PUSH, type PushNow } from '../push/push-now';
import type { DueHandler } from './due-handler';
import type { SendNow } from './send-now';

/**
 * The `notify` kind of due work: a commit whose notifications someone wanted when it was written
 * (it carries them as its own due item, see `GameRepository.append`). Derives them again from the
 * commit (the same pure `notificationsOf`), sends each endpoint that wants one its delivery and
 * records it with the outcome (see `sendNow`); then the commit leaves the due index. A sweeper dying
 * halfway loses nothing: the commit is still due, and the next sweep sends again what it had not
 * recorded (the same `webhook-id`). The same notifications are pushed to the devices that want them
 * (`pushNow`), in each recipient's words.
 * @example handlers: { notify: notifyHandler(store, games, outbox, sendNow(store, parts, logger)) }
 */
export function notifyHandler(
  store: Store,
  games: GameService,
  outbox: WebhookOutbox,
  send: SendNow,
  push: PushNow = NO_PUSH,
): DueHandler {
  return async (item, now) => {
    const commit = await store.streamsOf<GameEvent>().readCommit(item.streamId, Number(item.key.sk));
    if (!commit) return { settled: false, next: null, effect: 'stale' };
    const { state, since } = await games.stateAt(commit);
    const notifications = notificationsOf({
      gameId: commit.streamId,
      version: commit.version,
      events: commit.events,
      after: state,
      turn: commit.turn ?? null,
      awaited: awaitedPlayer(state),
      deadline: deadlineOf(state, since),
    });
    const planned = [];
    for (const notification of notifications) planned.push(...(await outbox.deliveriesOf(notification, commit.at)));
    const { events } = commit;
    const [sent, pushed] = await Promise.all([
      send(planned, now),
      push(notifications, { game: state, events, at: commit.at }, now),
    ]);
    const attempts = { ...sent, ...pushed };
    const effect = Object.keys(attempts).length > 0 ? 'notified' : 'unwanted';
    return { settled: false, next: null, effect, attempts };
  };
}
