import { redactEvent, type VisibleEvent } from '@chickenfoot/rules';
import type { Executed } from './service';
import { gameView, type ApiGameView, type InviteCodes } from './view';

/** What every command on a game answers: the new version, what happened (as the caller may see it), the new view. */
export interface CommandReply {
  version: number;
  events: VisibleEvent[];
  game: ApiGameView;
}

/**
 * The reply to an executed command, for the actor's seat. A pure function of the commit, so an
 * idempotent retry rebuilds the first reply exactly.
 */
export function commandReply(done: Executed, inviteCodes: InviteCodes): CommandReply {
  return {
    version: done.version,
    events: done.events.map((event) => redactEvent(event, done.seat)),
    game: gameView({ gameId: done.gameId, version: done.version, state: done.state, seat: done.seat, inviteCodes }),
  };
}
