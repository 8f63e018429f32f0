import type { GameEvent, GameState } from '@chickenfoot/rules';
import type { CommitFacts } from '../webhooks/notifications';
import { awaitedPlayer } from './awaited';
import { turnChange } from './projection';
import { deadlineOf } from './turn-clock';

/**
 * What a commit is, for deriving its notifications: the same facts whether the move path plans them
 * (before the write) or the sweeper delivers them (from the commit as stored).
 * @example const plan = await notifier.plan(commitFacts(gameId, 7, events, { before, after, sinceAfter }));
 */
export function commitFacts(
  gameId: string,
  version: number,
  events: readonly GameEvent[],
  change: { readonly before: GameState; readonly after: GameState; readonly sinceAfter: string | null },
): CommitFacts {
  return {
    gameId,
    version,
    events,
    after: change.after,
    turn: turnChange(change.before, change.after),
    awaited: awaitedPlayer(change.after),
    deadline: deadlineOf(change.after, change.sinceAfter),
  };
}
