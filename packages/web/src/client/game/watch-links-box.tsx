/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Game, Schemas } from '../api';
import { copyText, shortTime } from '../dom';
import type { GameController } from './controller';
import { seatName } from './seat-names';

type WatchLink = Schemas['WatchLink'];

/** The page a watch token opens: the token rides in the fragment, which no server sees. */
export const watchUrl = (token: string) => `${location.origin}/watch#${encodeURIComponent(token)}`;

/**
 * "Let others watch": a seated player makes a watch link (a spectator sees the board and the scores,
 * never a tile), copies it, and sees and revokes the game's open links. Closed until asked for, so an
 * ordinary visit costs no request. Not for a rematch's kept seat before it is taken (no player in it).
 */
export function WatchLinksBox({ view, game }: { view: Game; game: GameController }) {
  const [links, setLinks] = useState<readonly WatchLink[] | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const seat = view.seats[view.yourSeat];
  if (!seat?.player || view.status === 'cancelled') return null;
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setStatus('');
    try {
      await work();
    } catch (error) {
      setStatus(game.watchLinks.problem(error));
    } finally {
      setBusy(false);
    }
  };
  const load = () => act(async () => setLinks(await game.watchLinks.list()));
  const make = () =>
    act(async () => {
      const link = await game.watchLinks.make();
      setMade(watchUrl(link.token));
      setLinks(await game.watchLinks.list());
    });
  const revoke = (id: string) =>
    act(async () => {
      await game.watchLinks.revoke(id);
      setMade(null);
      setLinks(await game.watchLinks.list());
      setStatus('Revoked: that link no longer works.');
    });
  return (
    <details
      class="watch-links"
      onToggle={(e: Event) => {
        if ((e.currentTarget as HTMLDetailsElement).open && links === null) void load();
      }}
    >
      <summary>Let others watch</summary>
      <p class="hint">A watch link shows this game to whoever opens it: the board and the scores, never a tile.</p>
      <button type="button" class="secondary" disabled={busy} onClick={() => void make()}>
        Make a watch link
      </button>
      {made ? madeLink(made, setStatus) : null}
      {links ? openLinks(links, view, busy, (id) => void revoke(id)) : null}
      <p role="status" class="muted">
        {status}
      </p>
    </details>
  );
}

/** The link just made, to copy (its token is shown only now). */
function madeLink(made: string, setStatus: (status: string) => void) {
  return (
    <div class="key-row">
      <label class="visually-hidden" for="watch-link">
        The new watch link
      </label>
      <input id="watch-link" readonly value={made} onFocus={(e: Event) => (e.target as HTMLInputElement).select()} />
      <button
        type="button"
        class="secondary"
        onClick={async () => setStatus((await copyText(made)) ? 'Copied.' : 'Select the link and copy it.')}
      >
        Copy
      </button>
    </div>
  );
}

/** The game's open links, who made each and when, each with its Revoke button; or that there is none. */
function openLinks(links: readonly WatchLink[], view: Game, busy: boolean, revoke: (id: string) => void) {
  if (links.length === 0) return <p class="muted">No watch link is open.</p>;
  return (
    <ul class="watch-list">
      {links.map((link) => (
        <li key={link.id}>
          {`Made by ${seatName(view, link.seat, true)}, ${shortTime(link.createdAt)}`}{' '}
          <button type="button" class="secondary" disabled={busy} onClick={() => revoke(link.id)}>
            Revoke
          </button>
        </li>
      ))}
    </ul>
  );
}
