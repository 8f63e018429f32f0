import { ERASED_NAME, isFree, type GameState, type Ruleset } from '@chickenfoot/rules';
import { NotFoundError } from '../errors';

/**
 * What an invite link says of its game before the visitor joins: who invites, to what, and whether
 * a seat is left. The creator's name and the rules only: no tile, no player id, nothing of a hand.
 */
export interface Invitation {
  readonly id: string;
  readonly status: 'waiting' | 'playing' | 'finished' | 'cancelled';
  /** The creator's name; null once their account is deleted (the seat's name is erased). */
  readonly inviter: string | null;
  readonly rules: Ruleset;
  readonly seats: number;
  /** Seats nobody, player or bot, has taken (none once the game has started or ended). */
  readonly freeSeats: number;
}

/**
 * The refusal of an invite code that is not the game's: the same whether or not the game exists, for
 * a join and for a look at the invitation alike, so no code tells whether a game is there.
 */
export function wrongInviteCode(gameId: string): NotFoundError {
  const detail = `The invite code does not match game ${gameId}: check both, as they were shared with you.`;
  return new NotFoundError('game/not-found', detail);
}

/** The invitation to a created game (null for a game with no events: there is nothing to invite to). */
export function invitationOf(gameId: string, state: GameState): Invitation | null {
  if (state.status === 'empty') return null;
  const creator = state.players[state.setup.creator];
  const seats = [...Array(state.seatCount).keys()];
  return {
    id: gameId,
    status: state.status,
    inviter: creator && creator.name !== ERASED_NAME ? creator.name : null,
    rules: state.rules,
    seats: state.seatCount,
    freeSeats: state.status === 'waiting' ? seats.filter((seat) => isFree(state, seat)).length : 0,
  };
}
