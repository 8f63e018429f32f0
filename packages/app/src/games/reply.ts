import { redactEvent, type VisibleEvent } from '@chickenfoot/rules';
import { markReplayed } from '../replayed';
import type { CommandChain } from './chain';
import { gameView, playerViewer, type ApiGameView, type InviteCodes } from './view';

/** What every command on a game answers: the new version, what happened (as the caller may see it), the new view. */
export interface CommandReply {
  version: number;
  events: VisibleEvent[];
  game: ApiGameView;
}

/**
 * The reply to an executed command and the bot moves that followed it, for the actor's seat: every
 * commit's events in order, redacted for them exactly as a catch-up would show them, and the view at
 * the last commit. A pure function of the commits, so a retry that finds the same ones answers alike
 * (marked as replayed, which its JSON does not show).
 */
export function commandReply(chain: CommandChain, inviteCodes: InviteCodes): CommandReply {
  const { first, version, state, since } = chain;
  const viewer = playerViewer(state, first.seat);
  const events = [first, ...chain.bots].flatMap((commit) => commit.events.map((event) => redactEvent(event, viewer)));
  const game = gameView({ gameId: first.gameId, version, state, since, seat: first.seat, inviteCodes });
  return markReplayed({ version, events, game }, first.replayed);
}
