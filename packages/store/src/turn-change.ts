import { checkId } from './keys';

/** How a commit changed whom a game awaits: the store moves the game between those players' lists. */
export interface TurnChange {
  /** The player the game awaited before the commit, or null (nobody: not started). */
  readonly from: string | null;
  /** The player it awaits after it, or null (nobody: finished, or not started). */
  readonly to: string | null;
}

/** Rejects a change the store could not key before it costs a request. */
export function checkTurnChange(change: TurnChange): void {
  if (typeof change !== 'object' || change === null) throw new TypeError('turn must be an object');
  if (change.from !== null) checkId('turn.from', change.from);
  if (change.to !== null) checkId('turn.to', change.to);
}
