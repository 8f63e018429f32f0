import { Api, ApiError } from './api';
import { byId, onSubmit } from './dom';
import { invitationLine, invitationTitle, readInvitation } from './invitation';
import { loadSession } from './session';
import { sessionOrSignUp } from './sign-up';

/**
 * The invite code in what a person pasted or the address holds: the part after "#" of a whole link,
 * or the code itself; empty when there is none.
 * @example codeOf('https://x/join/g_1#k3y') // 'k3y'; codeOf(' k3y ') // 'k3y'
 */
export function codeOf(text: string): string {
  const code = text.includes('#') ? text.slice(text.lastIndexOf('#') + 1) : text;
  try {
    return decodeURIComponent(code.trim());
  } catch {
    return code.trim();
  }
}

/** Who this browser joins as, where the page says it; the line hides while there is no name to say. */
function showName(name: string): void {
  for (const who of document.querySelectorAll('.who-name')) who.textContent = name;
  byId('join-as').hidden = name === '';
}

/** How a wrong code is said, on reading the invitation and on joining alike. */
const wrongCode = (detail: string) => `${detail} Paste the whole link again above, or its code.`;

/** Reads the invitation `code` opens, if any, in order: an answer to a code since replaced is dropped. */
let asked = 0;

/**
 * Says who invites to what (the invitation read with the code, no account needed), or, for a code
 * the game refuses, says so and shows the field to put it right, before anyone signs up.
 */
async function showInvitation(gameId: string, code: string): Promise<void> {
  const mine = ++asked;
  const line = byId('join-game');
  const problem = byId('join-problem');
  line.hidden = true;
  byId('join-title').textContent = invitationTitle(null);
  if (!code) return;
  try {
    const invitation = await readInvitation(gameId, code);
    if (mine !== asked) return;
    byId('join-title').textContent = invitationTitle(invitation);
    line.textContent = invitationLine(invitation);
    line.hidden = false;
    problem.textContent = '';
  } catch (error) {
    if (mine !== asked || !(error instanceof ApiError && error.code === 'game/not-found')) return;
    byId('join-code-field').hidden = false;
    problem.textContent = wrongCode(error.detail);
  }
}

/**
 * `/join/<id>#<code>`: says who invites to what, joins with the code from the link (signing up first
 * if need be), then opens the game. The code is read when the player joins, from the field (the
 * address's, kept up to date when the address changes): a link fixed in the address bar is used,
 * never the one the page opened with. A link without a code, or a code the game refuses, shows the
 * field to put it right; a code typed or pasted there is looked up as the address's is.
 */
export function startJoin(): void {
  const page = byId('join-page');
  const gameId = page.dataset.gameId ?? '';
  const field = byId('join-code-field');
  const input = byId<HTMLInputElement>('join-code');
  const fromAddress = () => {
    input.value = codeOf(location.hash.slice(1));
    if (!input.value) field.hidden = false;
    void showInvitation(gameId, input.value);
  };
  fromAddress();
  window.addEventListener('hashchange', fromAddress);
  input.addEventListener('change', () => void showInvitation(gameId, codeOf(input.value)));
  showName(loadSession()?.player.name ?? '');
  onSubmit(byId<HTMLFormElement>('join'), async (data) => {
    const code = codeOf(String(data.get('code') ?? ''));
    if (!code) {
      field.hidden = false;
      throw new Error('This link has no invite code: paste the whole link (or its code) above.');
    }
    const current = await sessionOrSignUp(data.get('name'));
    showName(current.player.name);
    try {
      await new Api(current.token).join(gameId, code);
    } catch (error) {
      // A wrong code is answered as a game that is not there (so no code tells whether a game exists).
      if (error instanceof ApiError && error.code === 'game/not-found') {
        field.hidden = false;
        input.focus();
        throw new Error(wrongCode(error.detail));
      }
      throw error;
    }
    location.assign(`/games/${gameId}`);
  });
}
