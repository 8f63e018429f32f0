import { byId } from './dom';
import { accountOf } from './sign-in-link';
import { forgetKept, keptSessions, switchSession, type Session } from './session';

/**
 * Switches back to a kept account, checked with the API first: the page loads afresh as that player,
 * and the account it held is kept in turn. A key the API no longer accepts (its account deleted, or
 * the key revoked) opens nothing any more: it is no longer kept, and the page says so.
 */
async function switchBack(session: Session, say: (text: string) => void): Promise<void> {
  const fresh = await accountOf(session.token);
  if (fresh) {
    switchSession(fresh);
    location.reload();
    return;
  }
  forgetKept(session.token);
  say(
    `${session.player.name}’s key no longer works (its account was deleted, or the key revoked): it is no longer kept.`,
  );
  showKept(say);
}

/**
 * "This device"'s other accounts: the keys this browser was switched away from, each with its button
 * to switch back. The card shows while any is kept, signed out too (a key kept is never out of reach).
 */
export function showKept(say: (text: string) => void): void {
  const kept = keptSessions();
  byId('kept-accounts').hidden = kept.length === 0;
  byId('device').classList.toggle('has-kept', kept.length > 0);
  byId('kept-list').replaceChildren(
    ...kept.map((session) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'secondary';
      button.textContent = `Switch to ${session.player.name}`;
      button.onclick = () => {
        button.disabled = true;
        switchBack(session, say).catch((error: unknown) => {
          say(error instanceof Error ? error.message : String(error));
          button.disabled = false;
        });
      };
      item.append(button);
      return item;
    }),
  );
}
