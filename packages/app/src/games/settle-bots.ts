import { setTimeout as sleep } from 'node:timers/promises';
import type { Move, Seat } from '@chickenfoot/rules';
import type { Logger } from '../logging';
import type { LruMap } from '../lru-map';
import { RecordedButUnansweredError, RefusedError, StaleVersionError } from '../errors';
import type { Actor } from './actors';
import type { ChainBound } from './bot-budget';
import { botInput, dueBots, fallbackMove, type BotSettings } from './bot-players';
import { HandLog, type CommitReader } from './hand-log';
import type { StoredGame } from './repository';
import type { ExecuteOptions, Executed, GameCommand } from './game-command';

/** What a call of `settleBots` did. */
export interface Settled {
  /** The bot commits it made (or found made by another runner at the same version), oldest first. */
  readonly commits: readonly Executed[];
  /** The game after them; null when there is no such game. */
  readonly game: StoredGame | null;
  /** Why it stopped: no bot has anything to do (`idle`), a bound was reached, or a failure (logged). */
  readonly stopped: 'idle' | 'bound' | 'error';
}

/** What the chain runs on: the game service's own command path and reads. */
export interface SettleDeps {
  execute(gameId: string, actor: Actor, command: GameCommand, options: ExecuteOptions): Promise<Executed>;
  load(gameId: string): Promise<StoredGame | null>;
  /** Where the bots' hand log is read from. */
  readonly commits: CommitReader;
  readonly logger: Logger;
  readonly settings: BotSettings;
  /** Games whose bots chose to do nothing at a version: not asked again at that version. */
  readonly quiet: LruMap<string, number>;
}

/**
 * Makes the bots' moves that are due, one commit each through the game service, until a player's turn,
 * the game's end, or the call's bound (`maxCommits`, `maxMs`, checked before each commit): the caller
 * carries a chain it stopped on (see `GameService.settleBots`). Every commit is at the version the bot
 * decided on, under a key derived from seat and version: two runners at once (or a rerun) make each
 * move once. Never throws for a bot's failure: it stops, logs it, and says so.
 */
export async function settleBots(
  deps: SettleDeps,
  gameId: string,
  from?: StoredGame | null,
  bound: ChainBound = deps.settings,
): Promise<Settled> {
  const { settings } = deps;
  const started = settings.now();
  const commits: Executed[] = [];
  let game = from === undefined ? await deps.load(gameId) : from;
  let log: HandLog | null = null;
  // Each step makes a commit or reloads after a lost race: twice the commits bounds both.
  for (let step = 0; game && step < 2 * bound.maxCommits; step++) {
    if (commits.length >= bound.maxCommits) break;
    // The clock is read before each commit after the first (nothing is spent before the first).
    const spent = commits.length > 0 ? settings.now() - started : 0;
    if (spent >= (bound.budgetMs ?? Infinity) || (commits.length > 0 && spent >= bound.maxMs)) break;
    const due = dueBots(game.state);
    if (due.length === 0 || deps.quiet.get(gameId) === game.version) return { commits, game, stopped: 'idle' };
    if (log?.version !== game.version) log = await HandLog.read(deps.commits, gameId, game.version);
    // Read only when resting: the bounds' clock reads are what tests count on.
    const stepStarted = bound.restRatio ? settings.now() : 0;
    const next = choose(deps, gameId, game, due, log);
    if (!next) {
      deps.quiet.set(gameId, game.version);
      return { commits, game, stopped: 'idle' };
    }
    try {
      const done = await commit(deps, gameId, game, next);
      commits.push(done);
      log.extend(done.version, done.events);
      game = { version: done.version, state: done.state, since: done.since };
      if (bound.restRatio) await sleep(Math.max(0, (settings.now() - stepStarted) * bound.restRatio));
    } catch (error) {
      if (error instanceof StaleVersionError) {
        // A player (or another runner) moved first: decide again on the game as it is now.
        game = await deps.load(gameId);
        continue;
      }
      deps.logger({ level: 'error', msg: 'bot chain stopped', gameId, version: game.version, error: String(error) });
      return { commits, game, stopped: 'error' };
    }
  }
  // Stopped by the bound: whether bots still have moves to make is the caller's to ask (dueBots).
  return { commits, game, stopped: game && dueBots(game.state).length > 0 ? 'bound' : 'idle' };
}

/** The first due bot's move: what it chooses, or, when its choice fails, the fallback. Null: none acts now. */
function choose(deps: SettleDeps, gameId: string, game: StoredGame, due: readonly Seat[], log: HandLog) {
  const { state, version } = game;
  for (const seat of due) {
    let move: Move | null;
    try {
      move = deps.settings.choose(
        botInput(state, seat, log, deps.settings.random(gameId, version, seat), deps.settings),
      );
    } catch (error) {
      deps.logger({ level: 'error', msg: 'bot failed to choose', gameId, version, seat, error: String(error) });
      move = fallbackMove(state, seat);
    }
    if (move === null && state.hand?.turn === seat) {
      deps.logger({ level: 'error', msg: 'bot chose nothing in its turn', gameId, version, seat });
      move = fallbackMove(state, seat);
    }
    if (move) return { seat, move };
  }
  return null;
}

/**
 * Commits a bot's move. A move the rules refuse (a faulty bot) is replaced by the fallback; a commit
 * whose lists could not be written is sent once more, which finds it recorded and repairs them.
 */
async function commit(deps: SettleDeps, gameId: string, game: StoredGame, next: { seat: Seat; move: Move }) {
  const actor = { kind: 'bot', seat: next.seat } as const;
  const send = (move: Move) => deps.execute(gameId, actor, { type: 'move', move }, { expectedVersion: game.version });
  try {
    return await send(next.move);
  } catch (error) {
    if (error instanceof RecordedButUnansweredError) return send(next.move);
    if (!(error instanceof RefusedError && error.byRules)) throw error;
    const fallback = fallbackMove(game.state, next.seat);
    deps.logger({ level: 'error', msg: 'bot chose a refused move', gameId, seat: next.seat, code: error.code });
    if (!fallback) throw error;
    return send(fallback);
  }
}
