/** @jsxImportSource hono/jsx */
import { NameField } from './name-field';
import { maxSeats } from '../../shared/game-options';

/**
 * `/lobby`: finding opponents without an invite link. Quick match (a number of players, the usual
 * rules) seats you in the open game that has waited longest, or opens one that waits for the next
 * who asks the same; below it, every open game, each to join with one click. The client fills the list.
 */
export function LobbyPage() {
  return (
    <>
      <section class="card" aria-labelledby="lobby-title">
        <h1 id="lobby-title">Find a game</h1>
        <p>
          Play with whoever comes: quick match seats you at a table that waits for players, or opens one the next player
          to ask joins. The game then goes at everyone’s own pace, like any other.
        </p>
        <form id="quick-match" class="stack" novalidate>
          <NameField id="lobby-name" />
          <label for="quick-seats">Players</label>
          <input
            id="quick-seats"
            name="seats"
            type="number"
            inputmode="numeric"
            min={2}
            max={maxSeats(9)}
            value="2"
            aria-describedby="quick-hint"
          />
          <p class="hint" id="quick-hint">
            How many at the table, you included (2 to 8), playing the usual rules: double-9, six spokes.
          </p>
          <button type="submit">Quick match</button>
          <p class="problem" role="alert" id="quick-problem" />
        </form>
      </section>
      <section aria-labelledby="open-title">
        <div class="row">
          <h2 id="open-title">Open games</h2>
          <button type="button" id="lobby-refresh" class="secondary">
            Refresh
          </button>
        </div>
        <div id="lobby-list" class="game-list" aria-live="polite">
          <p class="muted">Loading the open games…</p>
        </div>
        <p class="problem" role="alert" id="lobby-problem" />
      </section>
    </>
  );
}
