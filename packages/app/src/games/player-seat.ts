import type { Player } from '@chickenfoot/rules';

/** Who a player is at a table, and whether their token still holds: the accounts' answers. */
export interface PlayerSeat {
  /** The player as a seat shows them (id and name); refuses an account that is gone. */
  seatedPlayer(playerId: string): Promise<Player>;
  /** True while the player's session still opens their account (as this process last read it). */
  sessionOpen(playerId: string, sessionId: string): Promise<boolean>;
}
