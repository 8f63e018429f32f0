import { Api } from './api';
import { byId, onSubmit } from './dom';
import { clearSession, saveSession, type Session } from './session';

/** The home page's address after a deletion (a new page load, not a fragment): it then says what became of the account. */
const DELETED = '/?account=deleted';

/** On the home page just after a deletion: says so in the welcome card, and puts the address back to `/`. */
export function noticeDeleted(): void {
  if (`${location.pathname}${location.search}` !== DELETED) return;
  history.replaceState(null, '', '/');
  const status = byId('welcome-status');
  status.textContent = 'Your account is deleted: its key no longer works anywhere.';
  status.hidden = false;
}

/**
 * "Your account" on the home page: renaming (the new name in the games joined from now on, and in this
 * browser's header), and deleting the account in two steps, after which the page is signed out. Each
 * change reads the account's version first and sends it back (If-Match), as the API asks.
 */
export function wireAccount(session: Session, shown: (session: Session) => void): void {
  const api = new Api(session.token);
  const field = byId<HTMLInputElement>('rename-name');
  field.value = session.player.name;
  onSubmit(byId<HTMLFormElement>('rename'), async (data) => {
    const name = String(data.get('name') ?? '').trim();
    if (!name) throw new Error('Type the name the others will see.');
    const { etag } = await api.account();
    const player = await api.rename(name, etag);
    const renamed = { ...session, player: { id: player.id, name: player.name } };
    saveSession(renamed);
    shown(renamed);
  });

  const ask = byId<HTMLButtonElement>('delete-account');
  const confirm = byId('delete-confirm');
  const problem = byId('delete-problem');
  const asking = (open: boolean) => {
    confirm.hidden = !open;
    ask.hidden = open;
    ask.setAttribute('aria-expanded', String(open));
  };
  ask.onclick = () => asking(true);
  byId('delete-keep').onclick = () => asking(false);
  const forGood = byId<HTMLButtonElement>('delete-for-good');
  forGood.onclick = async () => {
    forGood.disabled = true;
    problem.textContent = '';
    try {
      const { etag } = await api.account();
      await api.deleteAccount(etag);
      clearSession();
      // A fresh page, signed out (nothing of the account's keeps asking), that says what became of it.
      location.assign(DELETED);
    } catch (error) {
      problem.textContent = error instanceof Error ? error.message : String(error);
      forGood.disabled = false;
    }
  };
}
