/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Game } from '../api';
import { copyText } from '../dom';

/** The link that opens the join page: the invite code rides in the fragment, which no server sees. */
export function inviteLink(view: Game): string | null {
  return view.inviteCode ? `${location.origin}/join/${view.id}#${encodeURIComponent(view.inviteCode)}` : null;
}

/** While seats are free: the invite link to send, with a button to copy it. */
export function InviteBox({ view }: { view: Game }) {
  const [copied, setCopied] = useState('');
  const link = inviteLink(view);
  if (!link) return null;
  const free = view.seats.filter((s) => s.player === null).length;
  return (
    <div class="invite">
      <label for="invite-link">{`Send this link to ${free === 1 ? 'the player' : `the ${free} players`} you want to play with:`}</label>
      <div class="key-row">
        <input id="invite-link" readonly value={link} onFocus={(e: Event) => (e.target as HTMLInputElement).select()} />
        <button
          type="button"
          onClick={async () => setCopied((await copyText(link)) ? 'Copied.' : 'Select the link and copy it.')}
        >
          Copy link
        </button>
      </div>
      <p role="status" class="muted">
        {copied || 'The game starts as soon as every seat is taken.'}
      </p>
    </div>
  );
}
