import { Api } from './api';
import { loadSession, saveSession, type Session } from './session';

/**
 * The player of this browser, signing up on the way with the name a form asked for when there is
 * none yet: the home page's sign-up, and how the invite page and the lobby let a newcomer act with
 * one click.
 */
export async function sessionOrSignUp(name: FormDataEntryValue | null): Promise<Session> {
  const current = loadSession();
  if (current) return current;
  const chosen = String(name ?? '').trim();
  if (!chosen) throw new Error('Type the name the others will see.');
  const { player, token } = await new Api(null).register(chosen);
  const session = { token, player: { id: player.id, name: player.name } };
  saveSession(session);
  return session;
}
