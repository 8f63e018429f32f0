import { SEEN_PREFIX, SESSION_KEY } from '../shared/session-key';

/** Who plays in this browser: kept in localStorage, and nowhere else. */
export interface Session {
  readonly token: string;
  readonly player: { readonly id: string; readonly name: string };
}

/** The session kept here, or null when signed out (or when what is kept is not one). */
export function loadSession(): Session | null {
  try {
    const value = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return value && typeof value.token === 'string' && typeof value.player?.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the session, and marks the page signed in (the stylesheet shows the right sections). */
export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  document.documentElement.dataset.session = 'in';
}

/** Forgets the session and every game's last-seen version. */
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
