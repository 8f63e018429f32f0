import { ERASED_NAME, type GameEvent, type GameState } from '@chickenfoot/rules';
import type { Commit, Store } from '@chickenfoot/store';
import { fromSnapshot, toSnapshot } from '../games/snapshots/snapshot';

/** A stored snapshot no reader decodes (not the current format): the game is folded from its events. */
const REFOLD = new Uint8Array([0]);

/** The events with `playerId`'s name erased where they name them (taking a seat), or null when none does. */
function erasedEvents(events: readonly GameEvent[], playerId: string): GameEvent[] | null {
  let changed = false;
  const erased = events.map((event) => {
    if (event.type !== 'SeatTaken' || event.player.id !== playerId || event.player.name === ERASED_NAME) return event;
    changed = true;
    return { ...event, player: { id: playerId, name: ERASED_NAME } };
  });
  return changed ? erased : null;
}

/** The state with `playerId`'s name erased, or null when it holds none of theirs. */
function erasedState(state: GameState, playerId: string): GameState | null {
  if (!state.players.some((p) => p?.id === playerId && p.name !== ERASED_NAME)) return null;
  const players = state.players.map((p) => (p?.id === playerId ? { id: playerId, name: ERASED_NAME } : p));
  return { ...state, players };
}

/** A commit's snapshot with the name erased: re-encoded, or (an older JSON format) one to fold instead. */
function erasedSnapshot(commit: Commit, playerId: string): Uint8Array | undefined {
  if (commit.snapshot === undefined || commit.snapshot === null) return undefined;
  const folded = fromSnapshot(commit.snapshot);
  if (!folded) return commit.snapshot instanceof Uint8Array ? undefined : REFOLD;
  const state = erasedState(folded.state, playerId);
  if (!state) return undefined;
  return toSnapshot(state, folded.since) ?? REFOLD;
}

/**
 * Erases a deleted player's name from what a game's stream keeps: the events that carry it (their
 * `SeatTaken`) and the snapshots that hold it, each commit rewritten in place. Rewriting rather than
 * crypto-shredding: the name is in a handful of known places (one event per game, its snapshots),
 * the store rewrites a commit in one conditional write, and every reader (the events feed, watch,
 * replay, export, the page's log) then reads the erased name with no key to fetch on every read.
 * Safe to repeat: a commit already erased is left alone. Returns how many commits it rewrote.
 */
export async function eraseNameFromGame(store: Store, gameId: string, playerId: string): Promise<number> {
  const games = store.streamsOf<GameEvent>();
  const commits = await games.readAll(gameId, { snapshots: true });
  let rewritten = 0;
  for (const commit of commits) {
    const events = erasedEvents(commit.events, playerId);
    const snapshot = erasedSnapshot(commit, playerId);
    if (!events && snapshot === undefined) continue;
    await games.rewrite(gameId, commit.version, {
      events: events ?? commit.events,
      ...(snapshot !== undefined ? { snapshot } : {}),
    });
    rewritten++;
  }
  return rewritten;
}

/** An account's event with its name erased, or null when it carries none. */
function erasedAccountEvent(event: { type: string; name?: string }): object | null {
  if (event.name === undefined || event.name === ERASED_NAME) return null;
  return { ...event, name: ERASED_NAME };
}

/**
 * Erases a deleted account's name from its own stream: the events that carry it (its registration,
 * its renames, with their sessions' ids kept, so a replayed registration is still recognised and
 * refused) and every commit's snapshot of the record, rewritten in place (see `eraseNameFromGame`
 * for why rewriting). Safe to repeat. Returns how many commits it rewrote.
 */
export async function eraseNameFromAccount(store: Store, playerId: string): Promise<number> {
  const commits = await store.streams.readAll(playerId, { snapshots: true });
  let rewritten = 0;
  for (const commit of commits) {
    const before = commit.events as { type: string; name?: string }[];
    const events = before.map((event) => erasedAccountEvent(event) ?? event);
    const record = commit.snapshot as { name?: string } | undefined;
    const named = events.some((event, i) => event !== before[i]) || (record?.name ?? ERASED_NAME) !== ERASED_NAME;
    if (!named) continue;
    await store.streams.rewrite(playerId, commit.version, {
      events,
      ...(record ? { snapshot: { ...record, name: ERASED_NAME } } : {}),
    });
    rewritten++;
  }
  return rewritten;
}
