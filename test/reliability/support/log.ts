import { isDeepStrictEqual } from 'node:util';
import { evolve, fullSet, initialState, type GameEvent, type GameState } from '@chickenfoot/rules';
import { fromSnapshot } from '@chickenfoot/app';
import type { Store } from '@chickenfoot/store';

/** What one game's event log looks like when read back from the store and folded. */
export interface LogReport {
  readonly commits: number;
  /** The newest version (0 for an empty stream). */
  readonly version: number;
  /** When the newest commit was appended (the head's `updatedAt`). */
  readonly at: string;
  /** Versions missing from 1..version. */
  readonly gaps: number;
  /** Versions read twice, and idempotency keys recorded by more than one commit (a command applied twice). */
  readonly duplicates: number;
  /** Commits after which some tile was missing, duplicated or foreign (see `tileProblem`). */
  readonly conservationErrors: string[];
  /** The fold of every event, from `initialState`. */
  readonly state: GameState;
  /** True when every snapshot stored (the API stores one every few commits) equals the fold up to its commit. */
  readonly matchesSnapshot: boolean;
  /** How many snapshots were compared. */
  readonly snapshots: number;
}

/**
 * Reads a game's whole log, checks that its versions run 1..n with no gap and no duplicate, folds it
 * with the rules' `evolve` (checking after every commit that every tile is accounted for), and
 * compares the fold with every snapshot, the states the API loads games from.
 * @example const log = await checkLog(store, gameId); expect(log.gaps).toBe(0);
 */
export async function checkLog(store: Store, gameId: string): Promise<LogReport> {
  // With their snapshots (catch-up reads leave them out), to compare each with the fold at its commit.
  const commits = await store.streamsOf<GameEvent>().readAll(gameId, { snapshots: true });
  const versions = commits.map((c) => c.version);
  const version = Math.max(0, ...versions);
  const seen = new Set(versions);
  const keys = commits.flatMap((c) => (c.idempotencyKey === undefined ? [] : [c.idempotencyKey]));
  let state = initialState();
  const conservationErrors: string[] = [];
  let snapshots = 0;
  let mismatches = 0;
  for (const commit of commits) {
    state = commit.events.reduce(evolve, state);
    const problem = tileProblem(state);
    if (problem) conservationErrors.push(`v${commit.version}: ${problem}`);
    if (commit.snapshot === undefined) continue;
    snapshots++;
    if (!sameJson(snapshotState(commit.snapshot), state)) mismatches++;
  }
  const latest = commits.at(-1);
  return {
    commits: commits.length,
    version,
    at: latest?.at ?? '',
    gaps: version - seen.size,
    duplicates: versions.length - seen.size + (keys.length - new Set(keys).size),
    conservationErrors,
    state,
    matchesSnapshot: mismatches === 0,
    snapshots,
  };
}

/** The state in a commit's snapshot, decoded as the API loads it (undefined if it is not one it reads). */
function snapshotState(snapshot: unknown): GameState | undefined {
  return fromSnapshot(snapshot)?.state;
}

// The fold compared as JSON would carry it (no undefined fields), as a snapshot holds it.
const sameJson = (stored: unknown, folded: unknown): boolean =>
  isDeepStrictEqual(stored, JSON.parse(JSON.stringify(folded)));

/**
 * Why the tiles of a game in a hand do not add up to the full set (the seats' hands, what is left in
 * the boneyard and what is on the table, each tile exactly once), or null when they do.
 */
export function tileProblem(state: GameState): string | null {
  const hand = state.hand;
  if (!hand || !state.rules) return null;
  const held = [...hand.hands.flat(), ...hand.boneyard.slice(hand.drawn), ...hand.placements.map((p) => p.tile)];
  const expected = fullSet(state.rules.set);
  const counts = new Map<string, number>();
  for (const tile of held) counts.set(tile, (counts.get(tile) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([tile]) => tile);
  const missing = expected.filter((tile) => !counts.has(tile));
  const foreign = [...counts.keys()].filter((tile) => !expected.includes(tile));
  if (twice.length + missing.length + foreign.length === 0) return null;
  return `hand ${hand.index}: twice ${twice.join(',') || '-'}, missing ${missing.join(',') || '-'}, foreign ${foreign.join(',') || '-'}`;
}
