import { hasLeft, type GameState } from '@chickenfoot/rules';
import { notFound } from './errors';
import { seatOfActor } from './games/actors';
import type { GameService } from './games/service';

/** Where a player sits in a game, and whether they have left that seat. */
export interface SeatedIn {
  readonly state: GameState;
  readonly seat: number;
  readonly left: boolean;
}

/**
 * The seat `playerId` holds (or held, having left) in a game, or a `game/not-found` that does not say
 * whether the game exists: the game's watch links and messages are for its players alone.
 * @example const { seat, left } = await seatedIn(games, gameId, playerId);
 */
export async function seatedIn(games: Pick<GameService, 'load'>, gameId: string, playerId: string): Promise<SeatedIn> {
  const game = await games.load(gameId);
  const seat = game ? seatOfActor(game.state, { kind: 'player', playerId }) : -1;
  if (!game || seat < 0) throw notFound(gameId);
  return { state: game.state, seat, left: hasLeft(game.state, seat) };
}
