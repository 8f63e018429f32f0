import type { GameService } from '../games/service';
import type { DueHandler } from './due-handler';

/**
 * The `bots` kind of due work: a game whose chain of bot moves stopped at a bound (its commits, its
 * time, its player's budget) with bots still to move. Carries the chain on, one call's bound at a time
 * (64 commits or 2 s): stopped again, `settleBots` has put the game back in the index at its new
 * version; done (a player's turn, the end), the item leaves the index. A failure is logged by the
 * chain and left claimed, for the first sweep after the claim expires.
 * @example handlers: { bots: botsHandler(games) }
 */
export function botsHandler(games: GameService): DueHandler {
  return async (item) => {
    const settled = await games.settleBots(item.streamId);
    if (settled.stopped === 'error') throw new Error(`the bots of ${item.streamId} stopped on an error`);
    if (settled.stopped === 'bound') return { settled: true, effect: 'carried' };
    return { settled: false, next: null, effect: settled.commits.length > 0 ? 'finished' : 'idle' };
  };
}
