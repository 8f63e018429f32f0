import type { GameEvent } from '@chickenfoot/rules';
import type { EventStore } from '@chickenfoot/store';
import { awaitedPlayer } from '../games/awaited';
import type { GameService } from '../games/service';
import { deadlineOf } from '../games/turn-clock';
import { notificationsOf } from '../webhooks/notifications';
import type { WebhookOutbox } from '../webhooks/outbox';
import type { DueHandler } from './due-handler';

/**
 * The `notify` kind of due work: a commit whose notifications someone wanted when it was written
 * (it carries them as its own due item, see `GameRepository.append`). Derives them again from the
 * commit (the same pure `notificationsOf`) and makes a pending delivery for each endpoint that
 * wants one; then the commit leaves the due index. Safe to repeat: a delivery made before is found,
 * not made twice (`putDelivery`), so a sweeper dying halfway loses nothing and doubles nothing.
 * @example handlers: { notify: notifyHandler(store, games, outbox) }
 */
export function notifyHandler(store: EventStore, games: GameService, outbox: WebhookOutbox): DueHandler {
  return async (item) => {
    const commit = await store.readCommit(item.gameId, Number(item.key.sk));
    if (!commit) return { settled: false, next: null, effect: 'stale' };
    const { state, since } = await games.stateAt(commit);
    const notifications = notificationsOf({
      gameId: commit.gameId,
      version: commit.version,
      events: commit.events as GameEvent[],
      after: state,
      turn: commit.turn ?? null,
      awaited: awaitedPlayer(state),
      deadline: deadlineOf(state, since),
    });
    let made = 0;
    for (const notification of notifications) made += await outbox.enqueue(notification, commit.at);
    return { settled: false, next: null, effect: made > 0 ? 'notified' : 'unwanted', more: made > 0 };
  };
}
