/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Game } from '../api';
import type { GameController } from './controller';

/**
 * The life around a game: a link back when it is a rematch, and once it is over, one button to play
 * again with the same rules and seats (the first to press proposes; the others' press joins them).
 */
export function RematchBox({ view, game }: { view: Game; game: GameController }) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const seat = view.seats[view.yourSeat];
  // A spectator has no seat: no rematch to offer, and no page of the previous game to open.
  if (!seat) return null;
  const offer = view.status === 'finished' && !seat.left;
  if (!offer && !view.rematchOf) return null;
  const again = async () => {
    setSending(true);
    setProblem(null);
    const refused = await game.rematch();
    // On success the rematch's page is opening; on a refusal the button comes back with the reason.
    if (refused) {
      setProblem(refused);
      setSending(false);
    }
  };
  return (
    <div class="rematch">
      {view.rematchOf ? (
        <p class="muted">
          A rematch of <a href={`/games/${view.rematchOf}`}>the previous game</a>.
        </p>
      ) : null}
      {offer ? (
        <>
          <button type="button" disabled={sending} onClick={() => void again()}>
            Play again
          </button>{' '}
          <a class="button secondary" href={`/games/${view.id}/replay`}>
            Replay this game
          </a>
          <p class="hint">The same rules and seats; the game starts once everyone is back.</p>
          <p class="problem" role="alert">
            {problem ?? ''}
          </p>
        </>
      ) : null}
    </div>
  );
}
