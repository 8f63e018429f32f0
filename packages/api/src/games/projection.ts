import type { GameState } from '@chickenfoot/rules';
import type { GameHead, GameMember, RebuildInput } from '@chickenfoot/store';

/** The seat whose turn it is, if the game is being played. */
export function turnSeat(state: GameState): number | null {
  return state.status === 'playing' ? (state.hand?.turn ?? null) : null;
}

/** What the store keeps about a game for lists and heads, computed from its state. */
export function headOf(state: GameState, version: number, at: string): GameHead {
  const turn = turnSeat(state);
  return {
    version,
    status: state.status,
    turn: turn === null ? null : (state.players[turn]?.id ?? null),
    seats: state.players.map((p) => (p ? { playerId: p.id, name: p.name } : null)),
    updatedAt: at,
    hand: state.hand?.index ?? null,
    totals: state.totals,
    winners: state.winners,
  };
}

/** Every seated player's entry in the "all my games" list. */
export function membersOf(state: GameState): GameMember[] {
  return state.players.flatMap((p, seat) => (p ? [{ seat, playerId: p.id }] : []));
}

/**
 * The "all my games" entries a command changed: a seat taken, or the game's status (waiting, playing,
 * finished). A plain move changes none: whose turn it is lives in the awaiting item, written with
 * every commit.
 */
export function changedMembers(before: GameState, after: GameState): GameMember[] {
  const statusChanged = before.status !== after.status;
  return membersOf(after).filter((m) => statusChanged || !before.players[m.seat]);
}

/**
 * Every projection of a game at `version` (appended at `at`), as `EventStore.rebuildProjections`
 * takes it: the head, all the seated players' entries, and whom the game awaits. What the API
 * writes move by move, computed at once, to repair projections an outage left behind.
 * @example await store.rebuildProjections(id, (commits) => projectionOf(fold(commits), commits.at(-1).version, commits.at(-1).at));
 */
export function projectionOf(state: GameState, version: number, at: string): RebuildInput {
  const head = headOf(state, version, at);
  return { head, members: membersOf(state), awaiting: { playerId: head.turn } };
}
