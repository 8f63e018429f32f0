import type { Player } from '@chickenfoot/rules';

/** Who a player is at a table: the accounts' answer, asked when a player takes a seat. */
export interface PlayerSeat {
  /** The player as a seat shows them (id and name); refuses an account that is gone. */
  seatedPlayer(playerId: string): Promise<Player>;
}
