import { Api, ApiError } from './api';
import { byId } from './dom';
import { loadSession, saveSession, switchSession, type Session } from './session';

/**
 * The key a sign-in link carries (`/#key=<token>`), taken out of the address bar at once: the history
 * entry is replaced, so neither the bar nor Back shows it again, whatever happens next. Null when the
 * address has none.
 */
export function takeLinkKey(): string | null {
  const key = new URLSearchParams(location.hash.slice(1)).get('key');
  if (key === null) return null;
  history.replaceState(null, '', `${location.pathname}${location.search}`);
  return key.trim() || null;
}

/** The account a key opens, as the API says now; null when the API refuses the key (401). */
export async function accountOf(token: string): Promise<Session | null> {
  try {
    const player = await new Api(token).me();
    return { token, player: { id: player.id, name: player.name } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Signs in with a key in a browser that holds none: checked with the API first, so a wrong one is said at once. */
export async function signIn(token: string): Promise<Session> {
  const session = await accountOf(token);
  if (!session) throw new Error('This key is not valid: copy it again.');
  switchSession(session);
  return session;
}

/**
 * Asks which account this browser is to be, naming both: the one it holds and the link's. Escape (the
 * dialog's cancel) keeps the one it holds.
 */
function ask(held: string, linked: string): Promise<'keep' | 'switch'> {
  const dialog = byId<HTMLDialogElement>('switch-ask');
  byId('switch-device-name').textContent = held;
  byId('switch-link-name').textContent = linked;
  byId('switch-same-name').hidden = held !== linked;
  const keep = byId<HTMLButtonElement>('switch-keep');
  const go = byId<HTMLButtonElement>('switch-go');
  keep.textContent = `Keep this device’s account (${held})`;
  go.textContent = `Switch to ${linked}`;
  dialog.showModal();
  return new Promise((resolve) => {
    const answer = (choice: 'keep' | 'switch') => () => {
      dialog.close();
      resolve(choice);
    };
    keep.onclick = answer('keep');
    go.onclick = answer('switch');
    dialog.oncancel = () => resolve('keep');
  });
}

/**
 * Follows a sign-in link's key without ever losing the key this browser holds: with none held it signs
 * in; with the same key nothing changes; with another account's it asks first, naming both accounts as
 * the API knows them now (read with each key). Switching keeps the key switched away from (listed under
 * "This device") and loads the page afresh; keeping leaves the link's key behind. `say` tells the player
 * when the link's key is refused. Resolves to the session the page is to show anew (signed in, or the
 * held account's name as it is now), or null when it has nothing new to show.
 */
export async function followLink(key: string, say: (text: string) => void): Promise<Session | null> {
  const current = loadSession();
  if (!current) return signIn(key);
  if (current.token === key) return null;
  const [linked, held] = await Promise.all([accountOf(key), accountOf(current.token).catch(() => null)]);
  const here = held ?? current;
  if (!linked) {
    say(`The key in this sign-in link is not valid: you are still signed in as ${here.player.name}.`);
    return null;
  }
  if ((await ask(here.player.name, linked.player.name)) === 'switch') {
    switchSession(linked);
    location.reload();
    return null;
  }
  saveSession(here);
  return here;
}
