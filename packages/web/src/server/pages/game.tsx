/** @jsxImportSource hono/jsx */

/**
 * `/games/<id>`: the frame of the game page, every region at its final size, so nothing moves when
 * the client fills them in from the API (which needs the key kept in the browser, so it cannot be
 * drawn here): the turn line, the board, the hand and its moves, the seats, what happened, the hands, table talk.
 */
export function GamePage({ gameId }: { gameId: string }) {
  return (
    <div id="game" class="game" data-game-id={gameId}>
      <p id="turn" class="turn" role="status" aria-live="polite">
        Loading the game…
      </p>
      <section class="board-box" aria-label="The table">
        <div class="board-tools" role="toolbar" aria-label="Zoom">
          <button type="button" data-zoom="out" aria-label="Zoom out">
            −
          </button>
          <button type="button" data-zoom="fit">
            Fit
          </button>
          <button type="button" data-zoom="in" aria-label="Zoom in">
            +
          </button>
        </div>
        <div id="board" class="board" tabindex={0} aria-label="The board: scroll to pan" />
      </section>
      <section id="play" class="play" aria-label="Your hand and your moves" />
      <section id="seats" class="seats" aria-label="The players" />
      {/* It scrolls: focusable, so the keyboard can scroll it too. */}
      <section id="news" class="news" aria-label="What happened" tabindex={0} />
      <section id="hands" class="hands" aria-label="Scores by hand" />
      <section id="talk" class="talk" aria-label="Table talk" />
    </div>
  );
}
