/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Game } from '../api';
import type { GameController } from './controller';

/**
 * Leaving a game, in two steps (the second says what it means): before the start the seat is free
 * again (the creator cannot leave then); in play a bot takes the seat over, for good.
 */
export function LeaveBox({ view, game, busy }: { view: Game; game: GameController; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const seat = view.seats[view.yourSeat];
  const waiting = view.status === 'waiting';
  // A rematch's kept seat not taken yet (no player in it) is not left: it is joined, or not.
  if (view.status === 'finished' || !seat?.player || seat.left || (waiting && view.yourSeat === 0)) return null;
  if (!asking) {
    return (
      <p class="leave">
        <button type="button" class="secondary" onClick={() => setAsking(true)}>
          Leave this game
        </button>
      </p>
    );
  }
  return (
    <div class="leave" role="group" aria-label="Leave this game?">
      <p>
        {waiting
          ? 'Your seat will be free again for someone else.'
          : 'A bot will play your seat from now on, and you cannot come back to it.'}
      </p>
      <button type="button" class="shout" disabled={busy} onClick={() => void game.leave()}>
        {waiting ? 'Leave' : 'Leave for good'}
      </button>{' '}
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Stay
      </button>
    </div>
  );
}
