/** @jsxImportSource hono/jsx */

/**
 * `/games/<id>`: the frame of the game page, every region at its final size, so nothing moves when
 * the client fills them in from the API (which needs the key kept in the browser, so it cannot be
 * drawn here): the turn line, the board, the hand and its moves, the seats, what happened, the hands, table talk.
 */
export function GamePage({ gameId }: { gameId: string }) {
  return <GameFrame gameId={gameId} />;
}

/**
 * `/watch#<watch token>`: the same frame for a spectator, without a hand to play or a table to talk at.
 * The token rides in the fragment, so it never reaches a server log or a Referer.
 */
export function WatchPage() {
  return <GameFrame gameId={null} />;
}

function GameFrame({ gameId }: { gameId: string | null }) {
  const seated = gameId !== null;
  return (
    <div id="game" class={seated ? 'game' : 'game watching'} data-game-id={gameId ?? undefined}>
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
      {seated ? <section id="play" class="play" aria-label="Your hand and your moves" tabindex={-1} /> : null}
      <section class="seats" aria-label="The players">
        <div id="seats" />
        <p class="rules-link">
          <a href="/rules">The rules of Chickenfoot</a>
        </p>
      </section>
      {/* It scrolls: focusable, so the keyboard can scroll it too. */}
      <section id="news" class="news" aria-label="What happened" tabindex={0} />
      <section id="hands" class="hands" aria-label="Scores by hand" />
      {seated ? <section id="talk" class="talk" aria-label="Table talk and watchers" /> : null}
    </div>
  );
}
