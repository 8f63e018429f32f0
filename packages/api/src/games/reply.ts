import { redactEvent, type GameEvent, type GameState, type VisibleEvent } from '@chickenfoot/rules';
import { gameView, type ApiGameView } from './view';

/** What every command on a game answers: the new version, what happened (as the caller may see it), the new view. */
export interface CommandReply {
  version: number;
  events: VisibleEvent[];
  game: ApiGameView;
}

/**
 * The reply to a command recorded as `version` with `events`, leaving the game in `state`, for the
 * player in `seat`. A pure function of those: an idempotent retry rebuilds the first reply exactly.
 */
export function commandReply(
  secret: string,
  gameId: string,
  version: number,
  events: readonly unknown[],
  state: GameState,
  seat: number,
): CommandReply {
  return {
    version,
    events: (events as GameEvent[]).map((event) => redactEvent(event, seat)),
    game: gameView(secret, gameId, version, state, seat),
  };
}
