/** @jsxImportSource hono/jsx */
import { NameField } from './name-field';

/**
 * `/join/<game>#<invite code>`: the page an invite link opens. The code rides in the fragment, so it
 * never reaches a server log or a Referer; the client reads it, asks the game's invitation with it
 * (who invites, to what) and joins with it. When the link has no code, or the game refuses it, a
 * field to type or paste it shows.
 */
export function JoinPage({ gameId }: { gameId: string }) {
  return (
    <section class="card" aria-labelledby="join-title" id="join-page" data-game-id={gameId}>
      <h1 id="join-title">You are invited to a game of Chickenfoot</h1>
      {/* Who invites, to what: filled in by the client once the invitation is read with the link's code. */}
      <p class="deal" id="join-game" hidden />
      <p>
        Join, and the game starts as soon as every seat is taken. Then play whenever it suits you: the game waits for
        you, and shows what happened since your last visit.
      </p>
      <form id="join" class="stack" novalidate>
        <NameField id="join-name" />
        <p data-when="signed-in" id="join-as">
          You join as <strong class="who-name" />.
        </p>
        <div class="stack" id="join-code-field" hidden>
          <label for="join-code">Invite code</label>
          <input id="join-code" name="code" autocomplete="off" spellcheck={false} />
          <p class="hint">The part of the invite link after the “#”: paste the whole link here if you like.</p>
        </div>
        <button type="submit">Join the game</button>
        <p class="problem" role="alert" id="join-problem" />
      </form>
    </section>
  );
}
