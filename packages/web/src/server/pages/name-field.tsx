/** @jsxImportSource hono/jsx */

/**
 * The name a newcomer types where a page lets them act at once (join by invite, the lobby): shown only
 * when signed out; the client signs them up with it on the way (client/sign-up.ts).
 */
export function NameField({ id }: { id: string }) {
  return (
    <div class="stack" data-when="signed-out">
      <label for={id}>Your name</label>
      <input id={id} name="name" maxlength={40} autocomplete="nickname" />
      <p class="hint">
        What the other players see. Playing on another device already? <a href="/">Sign in there first</a>.
      </p>
    </div>
  );
}
