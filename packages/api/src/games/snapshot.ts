import type { GameState } from '@chickenfoot/rules';

// Bump when GameState's shape changes: older snapshots are then ignored and the game is folded
// from its events instead, so a deploy never needs a data migration. Format 4 added the turn clock
// (`clock` in the state, and `since`).
const FORMAT = 4;

/** What each snapshot commit stores besides its events: the game's state after it. */
export interface Snapshot {
  readonly format: number;
  readonly state: GameState;
  /**
   * When the game began awaiting the seat in turn (ISO 8601): a time the state cannot hold (the rules
   * read no clock), kept here so a turn's deadline is known from the snapshot alone.
   */
  readonly since: string | null;
}

/** A game's state, and when the turn in play began, as a snapshot or a fold gives them. */
export interface Folded {
  readonly state: GameState;
  readonly since: string | null;
}

/** Wraps a state for storage. */
export function toSnapshot(state: GameState, since: string | null): Snapshot {
  return { format: FORMAT, state, since };
}

/** The state (and turn start) in a stored snapshot, or null when there is none or it has an older format. */
export function fromSnapshot(value: unknown): Folded | null {
  if (typeof value !== 'object' || value === null) return null;
  const snapshot = value as Partial<Snapshot>;
  return snapshot.format === FORMAT && snapshot.state ? { state: snapshot.state, since: snapshot.since ?? null } : null;
}
