/** @jsxImportSource hono/jsx/dom */
import { useState } from 'hono/jsx/dom';
import type { Game } from '../api';
import type { GameController } from './controller';

/**
 * The creator's way out of a game nobody joined in time: cancel it while it waits, in two steps (the
 * second says what it means). It leaves the lobby; its players' lists and its page say it was cancelled.
 */
export function CancelBox({ view, game, busy }: { view: Game; game: GameController; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (view.status !== 'waiting' || view.creator !== view.yourSeat) return null;
  if (!asking) {
    return (
      <p class="cancel">
        <button type="button" class="secondary" onClick={() => setAsking(true)}>
          Cancel this game
        </button>
      </p>
    );
  }
  return (
    <div class="cancel" role="group" aria-label="Cancel this game?">
      <p>Nobody can join it any more: it leaves the lobby, and those who joined see it cancelled in their games.</p>
      <button type="button" class="shout" disabled={busy} onClick={() => void game.cancel()}>
        Cancel for good
      </button>{' '}
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Keep waiting
      </button>
    </div>
  );
}
