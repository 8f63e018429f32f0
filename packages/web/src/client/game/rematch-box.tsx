/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Game } from '../api';
import type { GameController } from './controller';

/** A link back to the game this one is a rematch of (for a seated player: a spectator has no page of it). */
export function RematchLink({ view }: { view: Game }) {
  if (!view.rematchOf || !view.seats[view.yourSeat]) return null;
  return (
    <p class="muted rematch">
      A rematch of <a href={`/games/${view.rematchOf}`}>the previous game</a>.
    </p>
  );
}

/**
 * Once the game is over, for a seat still in it: one button to play again with the same rules and
 * seats (the first to press proposes; the others' press joins them), and the replay.
 */
export function RematchOffer({ view, game }: { view: Game; game: GameController }) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const seat = view.seats[view.yourSeat];
  if (view.status !== 'finished' || !seat || seat.left) return null;
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
    <div class="rematch-offer">
      <p class="actions-row">
        <button type="button" disabled={sending} onClick={() => void again()}>
          Play again
        </button>{' '}
        <a class="button secondary" href={`/games/${view.id}/replay`}>
          Replay this game
        </a>
      </p>
      <p class="hint">Play again: the same rules and seats; the game starts once everyone is back.</p>
      <p class="problem" role="alert">
        {problem ?? ''}
      </p>
    </div>
  );
}
