/** @jsxImportSource hono/jsx */
import { NameField } from './name-field';

/**
 * `/join/<game>#<invite code>`: the page an invite link opens. The code rides in the fragment, so it
 * never reaches a server log or a Referer; the client reads it and joins with it.
 */
export function JoinPage({ gameId }: { gameId: string }) {
  return (
    <section class="card" aria-labelledby="join-title" id="join-page" data-game-id={gameId}>
      <h1 id="join-title">You are invited to a game of Chickenfoot</h1>
      <p>
        Join, and the game starts as soon as every seat is taken. Then play whenever it suits you: the game waits for
        you, and shows what happened since your last visit.
      </p>
      <form id="join" class="stack" novalidate>
        <NameField id="join-name" />
        <p data-when="signed-in">
          You join as <strong class="who-name" />.
        </p>
        <button type="submit">Join the game</button>
        <p class="problem" role="alert" id="join-problem" />
      </form>
    </section>
  );
}
