import type { Player, Seat } from './events';

/**
 * How a game was set up beyond its rules: who created it, who may join it, and where it came from.
 * Fixed by `GameCreated`; the seat rules (`join`, `add-bot`, `leave`, `cancel`) read it.
 */
export interface GameSetup {
  /** Listed in the lobby: anyone may join it without an invite code. */
  readonly open: boolean;
  /** The seat of the player who created it: 0, or in a rematch the proposer's seat in the game before. */
  readonly creator: Seat;
  /**
   * For a rematch, the player each seat is kept for (null: a seat a bot takes); only they may join,
   * each in their own seat. Null for any other game: joiners take the lowest free seat.
   */
  readonly reserved: readonly (string | null)[] | null;
  /** The game this one is a rematch of, or null. */
  readonly rematchOf: string | null;
}

/** The setup of a game created with none of the options: seat 0 created it, it is joined by invite. */
export const NO_SETUP: GameSetup = { open: false, creator: 0, reserved: null, rematchOf: null };

/** The setup `GameCreated` records (its optional fields absent in events stored before they existed). */
export function setupOf(event: {
  readonly open?: boolean;
  readonly creator?: Seat;
  readonly reserved?: readonly (string | null)[];
  readonly rematchOf?: string;
}): GameSetup {
  if (event.open === undefined && event.creator === undefined && !event.reserved && !event.rematchOf) return NO_SETUP;
  return {
    open: event.open ?? false,
    creator: event.creator ?? 0,
    reserved: event.reserved ?? null,
    rematchOf: event.rematchOf ?? null,
  };
}

/** The seat kept for `player` in a rematch, -1 when none is, or null in a game without reserved seats. */
export function reservedSeat(setup: GameSetup, player: Player): Seat | null {
  return setup.reserved ? setup.reserved.indexOf(player.id) : null;
}

/** The name a seat shows once its player deleted their account: empty (a registered name never is). */
export const ERASED_NAME = '';
