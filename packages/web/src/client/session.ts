import { KEPT_KEY, SEEN_PREFIX, SESSION_KEY } from '../shared/session-key';

/** Who plays in this browser: kept in localStorage, and nowhere else. */
export interface Session {
  readonly token: string;
  readonly player: { readonly id: string; readonly name: string };
}

function isSession(value: unknown): value is Session {
  const session = value as Session | null;
  return typeof session?.token === 'string' && typeof session.player?.name === 'string';
}

/** What localStorage holds under `key`, parsed; null when nothing is, or what is there is not JSON. */
function stored(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** The session kept here, or null when signed out (or when what is kept is not one). */
export function loadSession(): Session | null {
  const value = stored(SESSION_KEY);
  return isSession(value) ? value : null;
}

/** The other accounts this browser keeps, each a key it was switched away from (newest first). */
export function keptSessions(): Session[] {
  const value = stored(KEPT_KEY);
  return Array.isArray(value) ? value.filter(isSession) : [];
}

function keep(sessions: readonly Session[]): void {
  if (sessions.length === 0) localStorage.removeItem(KEPT_KEY);
  else localStorage.setItem(KEPT_KEY, JSON.stringify(sessions));
}

/**
 * Makes `session` this browser's player. The account it replaces is kept, never thrown away (its key
 * may be nowhere else): "This device" lists it to switch back.
 */
export function switchSession(session: Session): void {
  const current = loadSession();
  const others = keptSessions().filter((k) => k.token !== session.token && k.token !== current?.token);
  if (current && current.token !== session.token) others.unshift(current);
  keep(others);
  saveSession(session);
}

/** Stops keeping an account's key (one the API no longer accepts). */
export function forgetKept(token: string): void {
  keep(keptSessions().filter((k) => k.token !== token));
}

/** Keeps the session, and marks the page signed in (the stylesheet shows the right sections). */
export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  document.documentElement.dataset.session = 'in';
}

/** Forgets the session and every game's last-seen version (the other accounts kept here stay). */
export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  for (const key of Object.keys(localStorage)) if (key.startsWith(SEEN_PREFIX)) localStorage.removeItem(key);
  document.documentElement.dataset.session = 'out';
}

/** The game version this browser last showed its player, or null on a first visit. */
export function lastSeen(gameId: string): number | null {
  const value = Number(localStorage.getItem(SEEN_PREFIX + gameId));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Remembers the version just shown. */
export function markSeen(gameId: string, version: number): void {
  localStorage.setItem(SEEN_PREFIX + gameId, String(version));
}
