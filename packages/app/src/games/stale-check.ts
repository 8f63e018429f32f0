import type { GameState } from '@chickenfoot/rules';
import type { Commit, DueAt } from '@chickenfoot/store';

/** The kind of due work that closes a game which has waited too long for players (see sweeper/close-stale.ts). */
export const CLOSE_STALE = 'close-stale';

/** By default a waiting game with nothing happening for this long (7 days) is closed. */
export const STALE_AFTER_MS = 7 * 24 * 3600_000;

/**
 * What a commit means for a game's stale check: every commit of a waiting game is activity, so the
 * check is due `staleAfterMs` after it; the commit that starts (or cancels) the game takes it out;
 * nothing for a game that was not waiting. `before` null: a repair, which writes what the state says.
 */
export function staleCheckWrite(
  commit: Commit,
  before: GameState | null,
  after: GameState,
  staleAfterMs: number,
): { due: DueAt | null } | null {
  if (after.status === 'waiting') {
    return { due: { at: new Date(Date.parse(commit.at) + staleAfterMs).toISOString(), kind: CLOSE_STALE } };
  }
  return before === null || before.status === 'waiting' ? { due: null } : null;
}
