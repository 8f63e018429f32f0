/** One open session of an account: what a token stands for until it is revoked. */
export interface Session {
  readonly id: string;
  /** ISO 8601, or null for the legacy session of an account registered before sessions existed. */
  readonly createdAt: string | null;
}

/**
 * A player's account as its stream's snapshots keep it. Records written before sessions existed hold
 * only `id` and `name`: their legacy (cf1) token is open, as it always was.
 */
export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  /** The open sessions (cf2 tokens); absent on records from before sessions existed. */
  readonly sessions?: readonly Session[];
  /** Whether the account's legacy cf1 token is still open (absent on old records: it is). */
  readonly legacy?: boolean;
  /** Games whose messages the player muted, most recent last. */
  readonly muted?: readonly string[];
  /** The account was deleted: every token is refused, and its name is gone. */
  readonly deleted?: boolean;
}

/** The most sessions an account may have open at once. */
export const MAX_SESSIONS = 20;
/** The most games whose messages a player keeps muted; muting one more forgets the oldest. */
export const MAX_MUTED = 500;
/** The id the legacy session (a cf1 token) is listed and revoked by. */
export const LEGACY_SESSION = 'legacy';

/** The sessions of an account as listed: the legacy one first, while it is open. */
export function sessionsOf(record: PlayerRecord): Session[] {
  const legacy = record.legacy ?? record.sessions === undefined;
  return [...(legacy ? [{ id: LEGACY_SESSION, createdAt: null }] : []), ...(record.sessions ?? [])];
}

/** True while a token of `sessionId` (null: a legacy cf1 token) opens `record`'s account. */
export function isOpen(record: PlayerRecord | null, sessionId: string | null): boolean {
  if (!record || record.deleted) return false;
  return sessionsOf(record).some((s) => s.id === (sessionId ?? LEGACY_SESSION));
}

/** The record with one more session. */
export const withSession = (record: PlayerRecord, session: Session): PlayerRecord => ({
  ...record,
  legacy: record.legacy ?? record.sessions === undefined,
  sessions: [...(record.sessions ?? []), session],
});

/** The record without the session `id` (the legacy one too). */
export const withoutSession = (record: PlayerRecord, id: string): PlayerRecord => ({
  ...record,
  legacy: id === LEGACY_SESSION ? false : (record.legacy ?? record.sessions === undefined),
  sessions: (record.sessions ?? []).filter((s) => s.id !== id),
});

/** The record with no session open at all: signed out everywhere. */
export const signedOut = (record: PlayerRecord): PlayerRecord => ({ ...record, legacy: false, sessions: [] });

/** The record with `gameId`'s messages muted or not (the oldest mutes forgotten past MAX_MUTED). */
export function withMuted(record: PlayerRecord, gameId: string, muted: boolean): PlayerRecord {
  const rest = (record.muted ?? []).filter((id) => id !== gameId);
  return { ...record, muted: muted ? [...rest, gameId].slice(-MAX_MUTED) : rest };
}

/** What is left of a deleted account: its id, no name, no session. */
export const deletedRecord = (record: PlayerRecord): PlayerRecord => ({
  id: record.id,
  name: '',
  legacy: false,
  sessions: [],
  deleted: true,
});
