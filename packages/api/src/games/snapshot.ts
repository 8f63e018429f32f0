import type { GameState } from '@chickenfoot/rules';

// Bump when GameState's shape changes: older snapshots are then ignored and the game is folded
// from its events instead, so a deploy never needs a data migration.
const FORMAT = 3;

/** What each commit stores besides its events: the game's state after it. */
export interface Snapshot {
  readonly format: number;
  readonly state: GameState;
}

/** Wraps a state for storage. */
export function toSnapshot(state: GameState): Snapshot {
  return { format: FORMAT, state };
}

/** The state in a stored snapshot, or null when there is none or it has an older format. */
export function fromSnapshot(value: unknown): GameState | null {
  if (typeof value !== 'object' || value === null) return null;
  const snapshot = value as Partial<Snapshot>;
  return snapshot.format === FORMAT && snapshot.state ? snapshot.state : null;
}
