/** @jsxImportSource hono/jsx */

/** The sign-up form: a name is all it takes; the key it returns is kept in this browser. */
function Welcome() {
  return (
    <section class="card" data-when="signed-out" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Play Chickenfoot</h1>
      <p>
        The domino game, at your own pace: make your move whenever it suits you, over minutes or days. The game waits,
        and tells you what happened while you were away.
      </p>
      <p role="status" id="welcome-status" class="notice" hidden />
      <form id="register" class="stack" novalidate>
        <label for="register-name">Your name</label>
        <input id="register-name" name="name" required maxlength={40} autocomplete="nickname" />
        <p class="hint">What the other players see. No e-mail, no password.</p>
        <button type="submit">Start playing</button>
        <p class="problem" role="alert" id="register-problem" />
      </form>
      <details class="signin">
        <summary>Already playing on another device?</summary>
        <form id="signin" class="stack" novalidate>
          <label for="signin-key">Your key (copy it on the other device, under “This device”)</label>
          <input id="signin-key" name="key" required autocomplete="off" spellcheck={false} />
          <button type="submit">Sign in with this key</button>
          <p class="problem" role="alert" id="signin-problem" />
        </form>
      </details>
    </section>
  );
}

/** Where the list of the player's games goes; the client fills it in. */
function Games() {
  return (
    <section data-when="signed-in" aria-labelledby="games-title">
      <div class="row">
        <h1 id="games-title">Your games</h1>
        <span>
          <a class="button secondary" href="/lobby">
            Find a game
          </a>{' '}
          <a class="button" href="/new">
            New game
          </a>
        </span>
      </div>
      <p role="status" id="link-status" class="notice" hidden />
      <div id="game-list" class="game-list" aria-live="polite">
        <p class="muted">Loading your games…</p>
      </div>
    </section>
  );
}

/**
 * The key kept here: show it, copy it (or a sign-in link) to another device, or sign out; and the other
 * accounts this browser keeps (switched away from by a sign-in link), to switch back, signed out too.
 */
function Device() {
  return (
    <section class="card device" id="device" aria-labelledby="device-title">
      <h2 id="device-title">This device</h2>
      <div data-when="signed-in">
        <p>
          You are <strong id="device-name" />. Your key is kept in this browser only: it is how the game knows you. Copy
          it (or the sign-in link) to play from another device too.
        </p>
        <div class="key-row">
          <label class="visually-hidden" for="device-key">
            Your key
          </label>
          <input id="device-key" type="password" readonly spellcheck={false} />
          <button type="button" id="show-key" class="secondary" aria-controls="device-key" aria-pressed="false">
            Show
          </button>
          <button type="button" id="copy-key" class="secondary">
            Copy key
          </button>
          <button type="button" id="copy-link" class="secondary">
            Copy sign-in link
          </button>
        </div>
        <p role="status" id="device-status" class="muted" />
        <p>
          <button type="button" id="sign-out" class="secondary">
            Sign out
          </button>{' '}
          <span class="hint">
            Signing out forgets the key here: copy it first, or you cannot come back to your games.
          </span>
        </p>
      </div>
      <div id="kept-accounts" class="kept" hidden>
        <h3 id="kept-title">Other accounts kept here</h3>
        <p class="hint">Keys this browser held before a sign-in link switched it to another account.</p>
        <ul id="kept-list" class="kept-list" aria-labelledby="kept-title" />
      </div>
    </section>
  );
}

/**
 * Asked when a sign-in link holds another account's key than this browser: which to be, naming both
 * (the client fills the names in). Whichever is chosen, the other key is not lost.
 */
function SwitchAsk() {
  return (
    <dialog id="switch-ask" class="switch-ask" aria-labelledby="switch-title">
      <h2 id="switch-title">Switch accounts?</h2>
      <p>
        This sign-in link is for <strong id="switch-link-name" />, but this device is signed in as{' '}
        <strong id="switch-device-name" />.
      </p>
      <p id="switch-same-name" hidden>
        Both accounts have the same name, and they are two accounts.
      </p>
      <p class="hint">If you switch, this device keeps the key it holds now: “This device” lists it, to switch back.</p>
      <div class="actions">
        <button type="button" id="switch-keep" class="secondary">
          Keep this device’s account
        </button>
        <button type="button" id="switch-go">
          Switch
        </button>
      </div>
    </dialog>
  );
}

/** Notifications on this device: the client fills it in (see client/notify-panel.ts). */
function Notifications() {
  return (
    <section class="card" id="notify" data-when="signed-in" aria-labelledby="notify-title">
      <h2 id="notify-title">Notifications</h2>
      <p>Be told on this device when it is your turn, with no tab open.</p>
    </section>
  );
}

/** The account itself: the name others see from now on, and deleting it, in two steps. */
function Account() {
  return (
    <section class="card" data-when="signed-in" aria-labelledby="account-title">
      <h2 id="account-title">Your account</h2>
      <form id="rename" class="stack" novalidate>
        <label for="rename-name">New name</label>
        <input id="rename-name" name="name" required maxlength={40} autocomplete="nickname" />
        <p class="hint">
          What the other players see in the games you join from now on; the games you are in keep the name you joined
          them with.
        </p>
        <button type="submit">Rename</button>
        <p class="problem" role="alert" id="rename-problem" />
      </form>
      <div class="delete-account">
        <button
          type="button"
          id="delete-account"
          class="secondary"
          aria-expanded="false"
          aria-controls="delete-confirm"
        >
          Delete my account…
        </button>
        <div id="delete-confirm" role="group" aria-label="Delete your account?" hidden>
          <p>
            For good: a bot takes your seat in every game in play, a game you created that still waits is cancelled, and
            your name is taken out of every game. Your key stops working, on every device.
          </p>
          <button type="button" id="delete-for-good" class="shout">
            Delete for good
          </button>{' '}
          <button type="button" id="delete-keep" class="secondary">
            Keep my account
          </button>
        </div>
        <p class="problem" role="alert" id="delete-problem" />
      </div>
    </section>
  );
}

/** `/`: sign up or in; then the player's games, waiting ones first, and this device's key. */
export function HomePage() {
  return (
    <>
      <Welcome />
      <Games />
      <Device />
      <Notifications />
      <Account />
      <SwitchAsk />
      <section class="about" aria-labelledby="about-title">
        <h2 id="about-title">The game in brief</h2>
        <p>
          Each hand opens with a double in the middle of the table. Its spokes come first; then every double played must
          get three toes, a chicken foot, before play goes anywhere else. On your turn you play a tile against an open
          end of its number; with nothing to play you draw (the game does it for you). With one tile left, say
          “Chickenlittle!”. A hand ends when someone goes out or nobody can play: everyone scores the pips left in their
          hand. After the last hand the lowest total wins.
        </p>
        <p>
          <a href="/rules">The rules in full</a>: every option, and every decision where the old rule books are silent.
        </p>
      </section>
    </>
  );
}
