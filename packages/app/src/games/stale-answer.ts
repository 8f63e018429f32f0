import type { GameEvent } from '@chickenfoot/rules';
import type { CommitPage } from '@chickenfoot/store';
import { StaleVersionError } from '../errors';

/** How many commits after the version asked are looked through for the caller's timeout. */
const LOOKED_AT = 64;

/**
 * Why a command (by the player in `seat`, -1 for none) decided on an older version is refused: in general the game moved on (decide again);
 * but when, since that version, the caller's own turn timed out (`TurnTimedOut` for their seat, a bot
 * moving for them), they are told so, for a player who sent a move after their deadline must not be
 * left to wonder why a fresh view shows their move made by someone else.
 */
export async function staleAnswer(
  version: number,
  seat: number,
  asked: number,
  commitsAfter: (after: number, limit: number) => Promise<CommitPage<GameEvent>>,
): Promise<StaleVersionError> {
  const detail = `The game is at version ${version}, not ${asked}: fetch it and decide again.`;
  // A version that names no commit (a weak tag: -1) is looked through for nothing.
  if (seat < 0 || asked < 0 || asked >= version) return new StaleVersionError(detail, version);
  const { commits } = await commitsAfter(asked, LOOKED_AT);
  const timedOut = commits.find((commit) =>
    commit.events.some((event) => event.type === 'TurnTimedOut' && event.seat === seat),
  );
  if (!timedOut) return new StaleVersionError(detail, version);
  return new StaleVersionError(
    `Your turn timed out (version ${timedOut.version}, ${timedOut.at}): a bot moved for you. The game is at version ${version}: fetch it and decide again.`,
    version,
    'turn-timed-out',
  );
}
