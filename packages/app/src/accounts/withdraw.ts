import { ERASED_NAME, hasLeft, type GameState } from '@chickenfoot/rules';
import type { Store, PlayerGamesPage } from '@chickenfoot/store';
import type { Actor } from '../games/actors';
import type { GameCommand } from '../games/game-command';
import { projectionOf } from '../games/projection';
import type { GameService } from '../games/service';
import { StaleVersionError } from '../errors';
import { eraseNameFromGame } from './erase-names';

/** What taking a deleted account out of its games is built on. */
export interface WithdrawDeps {
  readonly games: Pick<GameService, 'load' | 'run'>;
  readonly store: Store;
}

// Each game needs at most two commits (leave or cancel, then erase); more tries only after lost races.
const STEPS = 6;

/** The next command that takes `playerId` (in `seat`) further out of a game, or null when they are out. */
function nextStep(state: GameState, seat: number): { command: GameCommand; asPlayer: boolean } | null {
  if (state.status === 'waiting') {
    // A game of their own waiting for players goes; in another's, their seat is free again.
    const command =
      seat === state.setup.creator ? ({ type: 'cancel', reason: 'creator' } as const) : ({ type: 'leave' } as const);
    return { command, asPlayer: true };
  }
  if (state.status === 'playing' && !hasLeft(state, seat)) return { command: { type: 'leave' }, asPlayer: true };
  if (state.players[seat]?.name !== ERASED_NAME) return { command: { type: 'erase' }, asPlayer: false };
  return null;
}

/**
 * Takes a deleted account out of one game, one commit at a time through the game service: cancels a
 * game of theirs still waiting, frees their seat in another's, hands their seat in a game in play to
 * a bot (leaving), then erases their name, whatever the game's phase. Each step is safe to repeat (a
 * player step under a key derived from `key`, the erase as the system at the version it read), so a
 * deletion cut short is finished by its retry.
 */
export async function withdraw(deps: WithdrawDeps, gameId: string, playerId: string, key: string): Promise<void> {
  for (let step = 0; step < STEPS; step++) {
    const game = await deps.games.load(gameId);
    const seat = game ? game.state.players.findIndex((p) => p?.id === playerId) : -1;
    const next = game && seat >= 0 ? nextStep(game.state, seat) : null;
    if (!game || !next) {
      // Out of the game: what its stream keeps of their name goes too (its events, its snapshots).
      if (game) await eraseNameFromGame(deps.store, gameId, playerId);
      return;
    }
    const actor: Actor = next.asPlayer ? { kind: 'player', playerId } : { kind: 'system', seat, reason: 'erase' };
    const options = { expectedVersion: game.version, ...(next.asPlayer ? { key: `${key}:${gameId}:${step}` } : {}) };
    try {
      const done = await deps.games.run(gameId, actor, next.command, options);
      // The game's list entries keep their copy of the names until the game changes again (whom a
      // game in play awaits, its turn entry; a finished game's, for ever): rewrite them now.
      if (next.command.type === 'erase' && (done.state.status === 'playing' || done.state.status === 'finished')) {
        await deps.store.playerGames.rebuild(gameId, projectionOf);
      }
    } catch (error) {
      if (!(error instanceof StaleVersionError)) throw error;
    }
  }
}

/** Takes a deleted account out of every game it is listed in (its `byPlayer` entries), a few at a time. */
export async function withdrawFromAll(deps: WithdrawDeps, playerId: string, key: string): Promise<number> {
  let cursor: string | null = null;
  let count = 0;
  do {
    const page: PlayerGamesPage = await deps.store.playerGames.list(playerId, {
      limit: 25,
      ...(cursor ? { cursor } : {}),
    });
    await Promise.all(page.games.map((g) => withdraw(deps, g.gameId, playerId, key)));
    count += page.games.length;
    cursor = page.cursor;
  } while (cursor);
  return count;
}
