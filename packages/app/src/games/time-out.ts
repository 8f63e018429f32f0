import { legalMoves, type GameState, type Move, type Seat, type TimeoutMove } from '@chickenfoot/rules';
import { RecordedButUnansweredError, RefusedError } from '../errors';
import type { Actor } from './actors';
import { botInput } from './bot-players';
import { HandLog } from './hand-log';
import type { StoredGame } from './repository';
import { settleBots, type SettleDeps, type Settled } from './settle-bots';
import type { Executed } from './game-command';

/** What timing a turn out did: the timeout's own commit, then the bot moves it set off. */
export interface TimedOut {
  readonly done: Executed;
  readonly settled: Settled;
}

const isTimeoutMove = (move: Move | null): move is TimeoutMove => move?.type === 'play' || move?.type === 'pass';

/** The first play or pass among the seat's legal moves: what a timeout makes when its bot's choice fails. */
function fallbackTimeoutMove(state: GameState, seat: Seat): TimeoutMove | null {
  return legalMoves(state, seat).find(isTimeoutMove) ?? null;
}

/**
 * Times out `seat`'s turn in `game` (as loaded: its version is the one the timeout is appended at):
 * the seat's bot, at the game's `botLevel`, chooses a play or a pass from the seat's view, and the
 * system's `timeout` command records it, one commit through the game service under a key derived
 * from the seat and version. So a second run of the same timeout (another sweeper, a rerun after a
 * crash) is recognised and answers as the first (`replayed`), and a player's move at the same version
 * and the timeout cannot both be applied: the loser gets `request/version-mismatch`. Then the bot
 * moves that follow (an away seat's, bots' seats) are made, as after any command.
 * @example const { done } = await timeOut(deps, gameId, await deps.load(gameId), seat);
 */
export async function timeOut(deps: SettleDeps, gameId: string, game: StoredGame, seat: Seat): Promise<TimedOut> {
  const { settings } = deps;
  const actor: Actor = { kind: 'system', seat, reason: 'timeout' };
  const send = (move: TimeoutMove) =>
    deps.execute(gameId, actor, { type: 'timeout', move }, { expectedVersion: game.version });
  let move: Move | null = null;
  try {
    const log = await HandLog.read(deps.commits, gameId, game.version);
    move = settings.choose(botInput(game.state, seat, log, settings.random(gameId, game.version, seat), settings));
  } catch (error) {
    deps.logger({ level: 'error', msg: 'timeout bot failed to choose', gameId, seat, error: String(error) });
  }
  // A bot in its turn may also choose to announce: a timeout ends the turn, with a play or a pass.
  const fallback = fallbackTimeoutMove(game.state, seat);
  const chosen = isTimeoutMove(move) ? move : fallback;
  if (!chosen) throw new Error(`seat ${seat} of ${gameId} has no play or pass at version ${game.version}`);
  let done: Executed;
  try {
    done = await send(chosen);
  } catch (error) {
    // Recorded, lists not written: the same command again finds it recorded and repairs them.
    if (error instanceof RecordedButUnansweredError) done = await send(chosen);
    else if (error instanceof RefusedError && error.byRules && fallback && chosen !== fallback) {
      deps.logger({ level: 'error', msg: 'timeout bot chose a refused move', gameId, seat, code: error.code });
      done = await send(fallback);
    } else throw error;
  }
  const settled = await settleBots(deps, gameId, done.replayed ? undefined : done);
  return { done, settled };
}
