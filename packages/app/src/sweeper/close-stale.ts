import type { DueItem } from '@chickenfoot/store';
import { StaleVersionError } from '../errors';
import { CLOSE_STALE } from '../games/stale-check';
import type { GameService } from '../games/service';
import type { DueHandler, DueHandlers } from './due-handler';

/**
 * The sweeper's work for a waiting game's stale check (`close-stale`): cancel the game, as the
 * system in its creator's name (`GameCancelled` with `reason: 'stale'`), at the version the check
 * was written for. Any commit since (a seat taken) wrote the check again, due later, so a game with
 * activity is never closed: at another version the cancel is refused as stale and nothing happens.
 * Safe to repeat: the cancel's key is derived from the seat and version. The cancel's own commit
 * takes the check out of the index (`settled`); a game that is no longer waiting is settled here.
 */
export function closeStale(games: Pick<GameService, 'load' | 'run'>): DueHandler {
  return async (item: DueItem) => {
    const game = await games.load(item.streamId);
    if (!game || game.state.status !== 'waiting' || game.version !== item.version) {
      return { settled: false, next: null, effect: 'stale' };
    }
    const actor = { kind: 'system', seat: game.state.setup.creator, reason: 'stale' } as const;
    try {
      await games.run(item.streamId, actor, { type: 'cancel', reason: 'stale' }, { expectedVersion: game.version });
      return { settled: true, effect: 'applied' };
    } catch (error) {
      // A player joined (or left) since the read: that commit wrote the check again, due later.
      if (error instanceof StaleVersionError) {
        return { settled: false, next: null, effect: 'lost' };
      }
      throw error;
    }
  };
}

/**
 * The due work of the games' setup, by kind, for the one sweeper: what `Sweeper`'s `handlers` takes,
 * besides the turn clock's.
 * @example new Sweeper({ store, logger, handlers: { ...clockHandlers, ...setupHandlers(games) } })
 */
export function setupHandlers(games: Pick<GameService, 'load' | 'run'>): DueHandlers {
  return { [CLOSE_STALE]: closeStale(games) };
}
