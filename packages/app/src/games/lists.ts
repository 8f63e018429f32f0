import type { GameState } from '@chickenfoot/rules';
import type { Commit, Store } from '@chickenfoot/store';
import { recordedButUnanswered } from '../errors';
import type { Logger } from '../logging';
import { lobbyWrite } from '../lobby/lobby-entry';
import { allMembers, changedMembers, headOf, projectionOf } from './projection';
import { staleCheckWrite } from './stale-check';
import { deadlineOf, timeoutAt } from './turn-clock';

/** The kind of due work a game's unfinished bot moves are (see `GameService.settleBots`). */
export const BOTS = 'bots';

/**
 * What a game's commits are listed in besides its stream: each player's "all my games" entry, the
 * lobby (an open waiting game) and the stale check (a waiting game's due closing). Turn entries are
 * written by the append itself; here they are only restored. Every write is version-guarded and
 * idempotent, so a repair may write them all again.
 */
export class GameLists {
  readonly #store: Store;

  constructor(
    store: Store,
    private readonly logger: Logger,
    private readonly staleAfterMs: number,
  ) {
    this.#store = store;
  }

  /**
   * Updates the lists after a commit from `before` to `after`: only the entries it changed, or, with
   * `before` null (repairing), all of them. A failure leaves the commit in place and is thrown as
   * `RecordedButUnansweredError`: the client retries with the same key, and the retry repairs them.
   */
  async afterCommit(commit: Commit, before: GameState | null, after: GameState): Promise<void> {
    const { members, removed } = before ? changedMembers(before, after) : allMembers(after);
    const lobby = lobbyWrite(commit, before, after);
    const stale = staleCheckWrite(commit, before, after, this.staleAfterMs);
    if (members.length === 0 && removed.length === 0 && !lobby && !stale) return;
    const repair = { repair: before === null };
    const head = headOf(after, commit.version, commit.at);
    await this.#guard(commit, 'projection update failed', () =>
      Promise.all([
        members.length + removed.length > 0 &&
          this.#store.playerGames.update(commit.streamId, { head, members, removed }),
        lobby && this.#store.lobby.write(commit.streamId, commit.version, lobby.entry, repair),
        stale && this.#store.staleChecks.write(commit.streamId, commit.version, stale.due, repair),
      ]),
    );
  }

  /**
   * Rewrites a recorded commit's turn entries ("my turn" lists, and with a clock the deadline in the
   * due index) over entries as old or older: for a retry that found its command recorded, whose first
   * attempt may not have written them.
   */
  async restoreTurns(commit: Commit, state: GameState, since: string | null): Promise<void> {
    const deadline = deadlineOf(state, since);
    const head = headOf(state, commit.version, commit.at, deadline);
    const clocked = state.clock !== null && since !== null;
    const due = state.clock ? timeoutAt(deadline) : undefined;
    await this.#guard(commit, 'awaiting item repair failed', () =>
      this.#store.turns.restore(commit, head, due, clocked ? since : undefined),
    );
  }

  /**
   * Puts a game whose chain of bot moves stopped with bots still to move in the due index, as of
   * `version`, due at `at`: the sweeper's `bots` work carries it on.
   */
  async botWork(gameId: string, version: number, at: string): Promise<void> {
    await this.#store.botWork.write(gameId, version, { at, kind: BOTS });
  }

  /**
   * Rewrites a game's lists and turn entries (with a clock, its due deadline) from its whole log: for
   * a caller that found them behind the game, so that no deadline is left unwritten.
   */
  async rebuild(gameId: string): Promise<void> {
    await this.#store.playerGames.rebuild(gameId, projectionOf);
  }

  async #guard(commit: Commit, msg: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger({ level: 'error', msg, gameId: commit.streamId, version: commit.version, error: String(error) });
      throw recordedButUnanswered(error);
    }
  }
}
