import { turnPlayerOf } from '@chickenfoot/store';
import { turnSeat } from '../games/awaited';
import type { GameService } from '../games/service';
import { deadlineOf, reminderOf, TIMEOUT } from '../games/turn-clock';
import type { WebhookOutbox } from '../webhooks/outbox';
import { NO_PUSH, type PushNow } from '../push/push-now';
import type { Notification } from '../webhooks/notifications';
import type { DueHandler } from './due-handler';
import type { SendNow } from './send-now';
import { verdictOf } from './timeout-handler';

/**
 * The `turn-reminder` kind of due work: a clocked turn's entry at 80% of the turn, written so only
 * when its player wanted reminders. While the game still awaits them it makes their `turn.reminder`
 * and hands the entry over to its `timeout` at the deadline; a turn that is over, or whose deadline
 * has already come, is the timeout handler's (`timeout`) to settle, as it would have been.
 * @example handlers: { 'turn-reminder': reminderHandler(games, outbox, timeoutHandler(games), send) }
 */
export function reminderHandler(
  games: GameService,
  outbox: WebhookOutbox,
  timeout: DueHandler,
  send: SendNow,
  push: PushNow = NO_PUSH,
): DueHandler {
  return async (item, now) => {
    const game = await games.load(item.streamId);
    const verdict = verdictOf(game, item, now);
    if (verdict.kind !== 'early' || !game) return timeout(item, now);
    const since = game.since;
    const deadline = deadlineOf(game.state, since);
    const player = turnPlayerOf(item);
    if (since === null || deadline === null || player === null) return timeout(item, now);
    const remindAt = reminderOf(since, deadline);
    if (Date.parse(remindAt) > now) return { settled: false, next: remindAt, effect: 'early' };
    const reminder: Notification = {
      type: 'turn.reminder',
      recipients: [player],
      data: { gameId: item.streamId, version: game.version, seat: turnSeat(game.state), deadline },
    };
    const [sent, pushed] = await Promise.all([
      outbox.deliveriesOf(reminder, remindAt).then((planned) => send(planned, now)),
      push([reminder], { game: game.state, events: [], at: remindAt }, now),
    ]);
    const attempts = { ...sent, ...pushed };
    return { settled: false, next: deadline, kind: TIMEOUT, effect: 'reminded', attempts };
  };
}
