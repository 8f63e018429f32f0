import { Api } from './api';
import { byId, onSubmit } from './dom';
import { loadSession } from './session';
import { sessionOrSignUp } from './sign-up';

/** `/join/<id>#<code>`: joins with the code from the link (signing up first if need be), then opens the game. */
export function startJoin(): void {
  const page = byId('join-page');
  const gameId = page.dataset.gameId ?? '';
  const code = decodeURIComponent(location.hash.slice(1));
  const session = loadSession();
  for (const name of document.querySelectorAll('.who-name')) name.textContent = session?.player.name ?? '';
  onSubmit(byId<HTMLFormElement>('join'), async (data) => {
    if (!code) throw new Error('This link has no invite code: ask for the whole link again.');
    const current = await sessionOrSignUp(data.get('name'));
    await new Api(current.token).join(gameId, code);
    location.assign(`/games/${gameId}`);
  });
}
