import type { GameState, Ruleset } from '@chickenfoot/rules';
import type { Commit, LobbyEntry } from '@chickenfoot/store';
import { createHash } from 'node:crypto';

/**
 * What matches in quick match: the number of seats and every rule, defaults filled in (any clock
 * option the rules gain is in them too). A hash, so it keys the lobby whatever the rules hold.
 * @example rulesKey(4, resolved.rules) // "Qk2v…" (22 characters)
 */
export function rulesKey(seats: number, rules: Ruleset): string {
  const sorted = Object.fromEntries(Object.entries(rules).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256')
    .update(JSON.stringify({ seats, rules: sorted }))
    .digest('base64url')
    .slice(0, 22);
}

/** True while a game is in the lobby: open and waiting for players. */
export const isListed = (state: GameState): boolean => state.setup.open && state.status === 'waiting';

/** The lobby entry of an open waiting game at `version`: what the lobby shows, and whose it is. */
export function lobbyEntryOf(gameId: string, version: number, state: GameState): LobbyEntry {
  if (!state.rules) throw new TypeError('a listed game has rules');
  return {
    gameId,
    version,
    rulesKey: rulesKey(state.seatCount, state.rules),
    rules: state.rules,
    seats: state.seatCount,
    freeSeats: state.players.filter((p, seat) => !p && !state.bots[seat]).length,
    players: state.players.map((p) => p?.name ?? null),
    bots: state.bots,
    // Quick match leaves out a player's own games: ids are kept, and never shown.
    playerIds: state.players.flatMap((p) => (p ? [p.id] : [])),
  };
}

/**
 * What a commit means for the lobby: list the game (its creation: `createdAt` is the commit's time),
 * update what it shows (a seat taken or left), take it out (filled, or cancelled), or nothing (a game
 * that is not open). `before` null: a repair, which writes what the state says (listing it anew only
 * from its first commit).
 */
export function lobbyWrite(
  commit: Commit,
  before: GameState | null,
  after: GameState,
): { entry: LobbyEntry | null } | null {
  const listed = isListed(after);
  if (!after.setup.open || (before && !isListed(before) && !listed)) return null;
  if (!listed) return { entry: null };
  const entry = lobbyEntryOf(commit.streamId, commit.version, after);
  return { entry: commit.version === 1 ? { ...entry, createdAt: commit.at } : entry };
}
