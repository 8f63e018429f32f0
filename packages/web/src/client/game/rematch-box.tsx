/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import { Api, ApiError, type Game } from '../api';
import { loadSession } from '../session';
import type { GameController } from './controller';

/**
 * A link back to the game this one is a rematch of (for a seated player: a spectator has no page of
 * it); for a player the rematch keeps a seat for, not taken yet, the button that takes it.
 */
export function RematchLink({ view }: { view: Game }) {
  const seat = view.seats[view.yourSeat];
  if (!view.rematchOf || !seat) return null;
  if (view.status === 'waiting' && !seat.player) return <RematchJoin view={view} />;
  return (
    <p class="muted rematch">
      A rematch of <a href={`/games/${view.rematchOf}`}>the previous game</a>.
    </p>
  );
}

/** A rematch's page for a player it keeps a seat for: join it (no code needed), then the page shows it as theirs. */
function RematchJoin({ view }: { view: Game }) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const join = async () => {
    setSending(true);
    setProblem(null);
    try {
      await new Api(loadSession()?.token ?? null).join(view.id);
      location.reload();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.detail : 'The game cannot be reached just now: try again.');
      setSending(false);
    }
  };
  return (
    <div class="rematch-offer">
      <p>
        A rematch of <a href={`/games/${view.rematchOf}`}>the previous game</a>: your seat is kept for you.
      </p>
      <p class="actions-row">
        <button type="button" disabled={sending} onClick={() => void join()}>
          Join the rematch
        </button>
      </p>
      <p class="problem" role="alert">
        {problem ?? ''}
      </p>
    </div>
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
          {view.rematch ? 'Go to the rematch' : 'Play again'}
        </button>{' '}
        <a class="button secondary" href={`/games/${view.id}/replay`}>
          Replay this game
        </a>
      </p>
      {/* Said aloud when it changes: a rematch another player proposed while this page was open. */}
      <p class="hint" role="status">
        {view.rematch
          ? 'A rematch was proposed: the same rules and seats; it starts once everyone is back.'
          : 'Play again: the same rules and seats; the game starts once everyone is back.'}
      </p>
      <p class="problem" role="alert">
        {problem ?? ''}
      </p>
    </div>
  );
}
