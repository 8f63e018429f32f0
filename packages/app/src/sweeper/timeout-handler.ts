import { turnPlayerOf, type DueItem } from '@chickenfoot/store';
import { awaitedPlayer, turnSeat } from '../games/awaited';
import type { StoredGame } from '../games/repository';
import type { GameService } from '../games/service';
import { deadlineOf } from '../games/turn-clock';
import { StaleVersionError } from '../errors';
import type { DueHandler, DueResult } from './due-handler';

/** What a turn entry's deadline comes to, with the game as it is now. */
type Verdict =
  | { readonly kind: 'due'; readonly seat: number }
  | { readonly kind: 'early'; readonly deadline: string }
  | { readonly kind: 'stale' };

/**
 * Whether the turn the item is the deadline of is due: the game still awaits the entry's player, and
 * their deadline (from when their turn began, plus the clock and the extra time given) is `now` or
 * earlier. `early`: a later deadline of theirs (time given since); `stale`: the turn is over, or no
 * player is awaited (an away seat, a bot's turn, a game over).
 */
export function verdictOf(game: StoredGame | null, item: DueItem, now: number): Verdict {
  if (!game) return { kind: 'stale' };
  const awaited = awaitedPlayer(game.state);
  const seat = turnSeat(game.state);
  const deadline = deadlineOf(game.state, game.since);
  if (awaited === null || seat === null || deadline === null || turnPlayerOf(item) !== awaited)
    return { kind: 'stale' };
  return Date.parse(deadline) <= now ? { kind: 'due', seat } : { kind: 'early', deadline };
}

// A lost race is decided again on the game as the winner left it: another loss is another player's
// move in between (an announcement, more time), rare enough that a few rounds always settle it.
const ROUNDS = 4;

/**
 * The `timeout` kind of due work: a turn entry whose deadline came. It times the turn out through
 * the game service (see `GameService.timeOut`) when the game still awaits that player and their
 * deadline has passed; otherwise it does nothing but take the item out of the index (`stale`) or move
 * it to the later deadline (`early`). A late move of the player that won the race is a no-op here
 * (`lost`); a second run of a timeout already applied is recognised (`repeated`).
 * @example new Sweeper({ store, logger, handlers: { timeout: timeoutHandler(games) } })
 */
export function timeoutHandler(games: GameService): DueHandler {
  return async (item, now): Promise<DueResult> => {
    let lost = false;
    for (let round = 0; round < ROUNDS; round++) {
      const game = await games.load(item.streamId);
      const verdict = verdictOf(game, item, now);
      if (verdict.kind === 'stale') {
        if (lost) return { settled: false, next: null, effect: 'lost' };
        // Claimed as listed, yet the turn is over: the commit that ended it could not write the turn
        // entries (this one's tombstone, the next player's deadline). Rebuilt from the log, or the
        // next deadline would never come.
        if (game?.state.status === 'playing') await games.repairLists(item.streamId);
        return { settled: false, next: null, effect: 'stale' };
      }
      if (verdict.kind === 'early') return { settled: false, next: verdict.deadline, effect: lost ? 'lost' : 'early' };
      try {
        const { done } = await games.timeOut(item.streamId, game as StoredGame, verdict.seat);
        // Its commit rewrote the turn entries: the item is out of the index, or due at a new deadline.
        return { settled: true, effect: done.replayed ? 'repeated' : 'applied' };
      } catch (error) {
        if (!(error instanceof StaleVersionError)) throw error;
        lost = true;
      }
    }
    // Still contended: left claimed, so the first sweep after the claim expires decides again.
    return { settled: true, effect: 'contended' };
  };
}
