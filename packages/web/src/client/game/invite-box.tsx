/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Game } from '../api';
import { copyText } from '../dom';
import type { GameController } from './controller';

/** The link that opens the join page: the invite code rides in the fragment, which no server sees. */
export function inviteLink(view: Game): string | null {
  return view.inviteCode ? `${location.origin}/join/${view.id}#${encodeURIComponent(view.inviteCode)}` : null;
}

/** While seats are free: the invite link to send, with a button to copy it; the creator may seat bots. */
export function InviteBox({ view, game, busy }: { view: Game; game: GameController; busy: boolean }) {
  const [copied, setCopied] = useState('');
  const link = inviteLink(view);
  if (!link) return null;
  const free = view.seats.filter((s) => s.player === null && s.bot === null).length;
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
      {view.yourSeat === 0 ? (
        <p>
          <button type="button" class="secondary" disabled={busy} onClick={() => void game.addBot()}>
            Add a computer player
          </button>{' '}
          <span class="hint">{`It plays as the game's bots do (${view.rules.botLevel}).`}</span>
        </p>
      ) : null}
    </div>
  );
}
