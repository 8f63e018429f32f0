/** @jsxImportSource hono/jsx */

/**
 * `/games/<id>/replay`: a finished game, step by step, every tile shown (the API gives it to its
 * players once the game is over). The controls, the board, what the step recorded, every seat's tiles,
 * the seats and the scores; the client fills them in.
 */
export function ReplayPage({ gameId }: { gameId: string }) {
  return (
    <div id="replay" class="replay" data-game-id={gameId}>
      <div class="row replay-head">
        <h1>Replay</h1>
        <a href={`/games/${gameId}`}>Back to the game</a>
      </div>
      <p class="replay-export">
        <button type="button" class="secondary" id="replay-export">
          Download the game (JSON)
        </button>{' '}
        <span class="hint">Every move and every tile, to keep or to replay with the rules elsewhere.</span>
        <span role="status" class="problem" id="replay-export-problem" />
      </p>
      <div class="replay-controls" role="toolbar" aria-label="Steps">
        <button type="button" class="secondary" data-step="first">
          First
        </button>
        <button type="button" class="secondary" data-step="hand-start">
          Hand start
        </button>
        <button type="button" class="secondary" data-step="back">
          Back
        </button>
        <button type="button" data-step="next">
          Next
        </button>
        <button type="button" class="secondary" data-step="hand-end">
          Hand end
        </button>
        <button type="button" class="secondary" data-step="last">
          Last
        </button>
      </div>
      <p id="replay-step" class="turn" role="status" aria-live="polite">
        Loading the replay…
      </p>
      <section class="board-box" aria-label="The table">
        <div id="board" class="board" tabindex={0} aria-label="The board: scroll to pan" />
      </section>
      <section id="replay-said" class="replay-said" aria-label="What this step recorded" />
      <section id="replay-tiles" class="replay-tiles" aria-label="Every seat's tiles" />
      <section id="seats" class="seats" aria-label="The players" />
      <section id="hands" class="hands" aria-label="Scores by hand" />
    </div>
  );
}
