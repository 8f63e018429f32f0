import { pushKeyOf, type Store } from '@chickenfoot/store';
import { awaitedPlayer } from '../games/awaited';
import type { GameService } from '../games/service';
import { attemptPush, type PushAttemptParts } from '../push/attempt';
import type { PushPayload } from '../push/payload';
import type { DueHandler } from './due-handler';

/** News of a turn: once the game no longer awaits its player, it is noise. */
const TURN_NEWS = new Set(['turn.started', 'turn.reminder']);

/**
 * The `push-delivery` kind of due work: the next attempt at a push that failed (see `pushNow`), then
 * the push due again or deleted (`PendingPushes.settle`). A push whose subscription is gone is
 * deleted unsent; so is a "your turn" for a turn that is over (the game moved on without them).
 * A crash after sending sends it again when the claim expires: at least once.
 * @example handlers: { 'push-delivery': pushHandler(store, games, parts) }
 */
export function pushHandler(store: Store, games: Pick<GameService, 'load'>, parts: PushAttemptParts): DueHandler {
  return async (item, now) => {
    const key = pushKeyOf(item);
    const push = key ? await store.pushes.read(key.subscriptionId, key.sk) : null;
    if (!push || push.v !== item.version) return { settled: false, next: null, effect: 'stale' };
    // Read now (strongly consistent): a device removed since the push was written gets no retry.
    const { subscriptions } = await parts.subscriptions.read(push.playerId);
    const subscription = subscriptions.find((s) => s.id === push.subscriptionId);
    const payload = JSON.parse(push.payload) as PushPayload;
    if (!subscription || (await overTurn(games, push, payload))) {
      await store.pushes.settle(item, push, null);
      return { settled: true, effect: subscription ? 'push-stale' : 'push-cancelled' };
    }
    const attempt = await attemptPush(parts, subscription, { ...push, payload, attemptsBefore: push.attempts }, now);
    await store.pushes.settle(item, push, attempt.next === null ? null : new Date(attempt.next).toISOString());
    return { settled: true, effect: `push-${attempt.effect}` };
  };
}

/** True when a push tells of a turn the game no longer awaits its player for. */
async function overTurn(
  games: Pick<GameService, 'load'>,
  push: { readonly playerId: string; readonly gameId: string | null },
  payload: PushPayload,
): Promise<boolean> {
  if (!TURN_NEWS.has(payload.type) || push.gameId === null) return false;
  const game = await games.load(push.gameId);
  return !game || awaitedPlayer(game.state) !== push.playerId;
}
