/** @jsxImportSource hono/jsx/dom */
import { render } from 'hono/jsx/dom';
import { Api, type GameSummary } from './api';
import { byId, copyText, onSubmit, timeLeft, waited } from './dom';
import { noticeDeleted, wireAccount } from './account';
import { dayOf, resultLine } from './game-result';
import { showKept } from './kept-accounts';
import { clearSession, loadSession, type Session } from './session';
import { followLink, signIn, takeLinkKey } from './sign-in-link';
import { sessionOrSignUp } from './sign-up';

/** How many finished games' results the list reads (one request each: the list itself has none). */
const RESULTS_READ = 10;

/** Whose the other seats are, by name: "Bob, a greedy bot", and how many are still free. */
function others(game: GameSummary, me: string): string {
  const names = game.seats.flatMap((s, i) => {
    const bot = game.bots[i];
    if (s && s.playerId === me) return [];
    // A deleted account's name is taken out of its games: the seat shows an empty one.
    const name = s?.name || 'a deleted player';
    if (s) return [bot ? `${name} (left)` : name];
    return bot ? [`a ${bot} bot`] : [];
  });
  const free = game.seats.filter((s, i) => s === null && !game.bots[i]).length;
  const list = names.length === 0 ? 'nobody yet' : names.join(', ');
  return free > 0 ? `${list} (${free} seat${free === 1 ? '' : 's'} free)` : list;
}

/** What a game waits for, in the list: the rematch that keeps you a seat, your move, the others, its end. */
function stateLine(game: GameSummary, result: string | undefined): string {
  if (game.invited) return 'a rematch: a seat is kept for you · open it to join';
  if (game.away && game.status === 'playing') return 'you are away: a bot plays your turns · open it to come back';
  return game.status === 'finished'
    ? `over ${dayOf(game.since)}${result ? ` · ${result}` : ''}`
    : game.status === 'cancelled'
      ? `cancelled ${dayOf(game.since)}`
      : game.status === 'waiting'
        ? 'waiting for players: share the invite link'
        : game.yourTurn
          ? `your move: ${waited(game.since)}${game.deadline ? ` · ${timeLeft(game.deadline)}` : ''}`
          : 'waiting for the others';
}

/** One game in the list: who with, and what it waits for; once over, when, and its result. */
function GameItem({ game, me, result }: { game: GameSummary; me: string; result: string | undefined }) {
  const line = stateLine(game, result);
  return (
    <li class={game.yourTurn || game.invited ? 'game-item mine' : 'game-item'}>
      <a href={`/games/${game.id}`}>
        <span class="with">With {others(game, me)}</span>
        <span class="state">{line}</span>
      </a>
    </li>
  );
}

/** The list, the games waiting for this player first (longest waiting first), then the rest. */
function GameList({
  games,
  me,
  results,
}: {
  games: readonly GameSummary[];
  me: string;
  results: ReadonlyMap<string, string>;
}) {
  if (games.length === 0) {
    return (
      <p class="muted">
        No games yet. <a href="/new">Start one</a> and send the invite link to your friends, or{' '}
        <a href="/lobby">find a game</a> with whoever is there.
      </p>
    );
  }
  const rank = (g: GameSummary) =>
    g.yourTurn || g.invited ? 0 : g.status === 'playing' ? 1 : g.status === 'waiting' ? 2 : 3;
  const sorted = [...games].sort(
    (a, b) => rank(a) - rank(b) || (a.yourTurn ? Date.parse(a.since) - Date.parse(b.since) : 0),
  );
  const mine = sorted.filter((g) => g.yourTurn).length;
  return (
    <>
      <p class="summary">
        {mine === 0 ? 'No game is waiting for you.' : `${mine} game${mine === 1 ? ' is' : 's are'} waiting for you.`}
      </p>
      <ul class="games">
        {sorted.map((game) => (
          <GameItem game={game} me={me} result={results.get(game.id)} />
        ))}
      </ul>
    </>
  );
}

/** The player's name where the page shows it: the header and "This device". */
function showName(session: Session): void {
  byId('device-name').textContent = session.player.name;
  for (const who of document.querySelectorAll('#who')) who.textContent = session.player.name;
}

/** The signed-in half of the page: the games, the key, signing out, the account. */
function showSignedIn(session: Session): void {
  showName(session);
  wireAccount(session, showName);
  const key = byId<HTMLInputElement>('device-key');
  key.value = session.token;
  const status = byId('device-status');
  const show = byId<HTMLButtonElement>('show-key');
  show.onclick = () => {
    const shown = key.type === 'text';
    key.type = shown ? 'password' : 'text';
    show.textContent = shown ? 'Show' : 'Hide';
    show.setAttribute('aria-pressed', String(!shown));
  };
  const copy = (text: string, what: string) => async () => {
    status.textContent = (await copyText(text)) ? `${what} copied.` : `Select the key and copy it yourself.`;
  };
  byId('copy-key').onclick = copy(session.token, 'Key');
  byId('copy-link').onclick = copy(`${location.origin}/#key=${encodeURIComponent(session.token)}`, 'Sign-in link');
  byId('sign-out').onclick = () => {
    clearSession();
    location.assign('/');
  };
  const list = byId('game-list');
  const api = new Api(session.token);
  const results = new Map<string, string>();
  const draw = (games: readonly GameSummary[]) =>
    render(<GameList games={games} me={session.player.id} results={results} />, list);
  const refresh = () =>
    api
      .myGames()
      .then(async (games) => {
        draw(games);
        // The list has no results (GameSummary lacks them): the newest finished games' views say them.
        const unknown = games
          .filter((g) => g.status === 'finished' && !results.has(g.id))
          .sort((a, b) => Date.parse(b.since) - Date.parse(a.since))
          .slice(0, RESULTS_READ);
        const views = await Promise.all(unknown.map((g) => api.game(g.id).catch(() => null)));
        for (const view of views) {
          const line = view ? resultLine(view) : null;
          if (view && line) results.set(view.id, line);
        }
        if (views.some(Boolean)) draw(games);
      })
      .catch((error: unknown) => {
        list.textContent = error instanceof Error ? error.message : String(error);
      });
  void refresh();
  // The list has no long-poll: look again when the player comes back to the tab, and now and then.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void refresh());
  setInterval(() => document.visibilityState === 'visible' && void refresh(), 60_000);
}

/** What the page says about this device's keys: under "This device", or on the sign-in form when signed out. */
function say(text: string): void {
  byId(loadSession() ? 'device-status' : 'signin-problem').textContent = text;
}

/** What the page says about a sign-in link just opened: at the top, where the player looks first. */
function sayOfLink(text: string): void {
  if (!loadSession()) return say(text);
  const status = byId('link-status');
  status.textContent = text;
  status.hidden = false;
}

/** Follows a sign-in link (see followLink), then shows whom the page is for now. */
async function follow(key: string): Promise<void> {
  const before = loadSession();
  try {
    const now = await followLink(key, sayOfLink);
    if (now && before) showName(now);
    else if (now) showSignedIn(now);
  } catch (error) {
    sayOfLink(error instanceof Error ? error.message : String(error));
  }
}

/**
 * `/`: sign up with a name, sign in with a key (typed, or from a sign-in link, which never throws away
 * the key held here), or see your games and the other accounts kept on this device.
 */
export async function startHome(): Promise<void> {
  // Before anything else (a request, a question), so the key never stays in the address bar.
  const fromLink = takeLinkKey();
  noticeDeleted();
  onSubmit(byId<HTMLFormElement>('register'), async (data) => showSignedIn(await sessionOrSignUp(data.get('name'))));
  onSubmit(byId<HTMLFormElement>('signin'), async (data) => {
    showSignedIn(await signIn(String(data.get('key') ?? '').trim()));
  });
  const session = loadSession();
  if (session) showSignedIn(session);
  showKept(say);
  // A link pasted into this page's address bar changes only the fragment: the page is not loaded again.
  window.addEventListener('hashchange', () => {
    const key = takeLinkKey();
    if (key) void follow(key);
  });
  if (fromLink) await follow(fromLink);
}
