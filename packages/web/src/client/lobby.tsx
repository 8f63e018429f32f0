/** @jsxImportSource hono/jsx/dom */
import { render } from 'hono/jsx/dom';
import { Api, ApiError, type LobbyGame } from './api';
import { byId, onSubmit, waited } from './dom';
import { loadSession } from './session';
import { sessionOrSignUp } from './sign-up';

/** Who sits at an open game already: "Ann, a greedy bot", or "nobody yet". */
function seated(game: LobbyGame): string {
  const names = game.players.flatMap((name, i) => {
    const bot = game.bots[i];
    return name !== null ? [name] : bot ? [`a ${bot} bot`] : [];
  });
  return names.length === 0 ? 'nobody yet' : names.join(', ');
}

/** One open game: who waits there, for how many more, under which rules; and the button to join it. */
function OpenGame({ game, busy, onJoin }: { game: LobbyGame; busy: boolean; onJoin: (id: string) => void }) {
  const { rules } = game;
  const since = new Date(Date.now() - game.ageSeconds * 1000).toISOString();
  return (
    <li class="lobby-item" data-game-id={game.id}>
      <span class="with">With {seated(game)}</span>
      <span class="state">
        {`${game.freeSeats} of ${game.seats} seats free · double-${rules.set}, ${rules.handSize} tiles each · ${waited(since)}`}
      </span>
      <button type="button" disabled={busy} onClick={() => onJoin(game.id)}>
        Join
      </button>
    </li>
  );
}

/** What the list shows: the open games, or why there is none. */
interface ListState {
  readonly games: readonly LobbyGame[] | null;
  readonly busy: boolean;
}

function OpenGames({ state, onJoin }: { state: ListState; onJoin: (id: string) => void }) {
  if (state.games === null) return <p class="muted">Loading the open games…</p>;
  if (state.games.length === 0) {
    return <p class="muted">No open game right now. Quick match opens one, and the next player to ask joins you.</p>;
  }
  return (
    <ul class="games">
      {state.games.map((game) => (
        <OpenGame game={game} busy={state.busy} onJoin={onJoin} />
      ))}
    </ul>
  );
}

/**
 * `/lobby`: quick match, and the open games to join with one click (a newcomer types a name first and
 * is signed up on the way). Either way the game's page opens. The list is asked for again on Refresh.
 */
export function startLobby(): void {
  const list = byId('lobby-list');
  const problem = byId('lobby-problem');
  let state: ListState = { games: null, busy: false };
  const show = (next: Partial<ListState>) => {
    state = { ...state, ...next };
    render(<OpenGames state={state} onJoin={(id) => void join(id)} />, list);
  };
  const nameField = () => new FormData(byId<HTMLFormElement>('quick-match')).get('name');

  // The list needs a player (the lobby is for those who play); a newcomer sees it once signed up.
  const load = async () => {
    const session = loadSession();
    if (!session) {
      list.replaceChildren(
        Object.assign(document.createElement('p'), {
          className: 'muted',
          textContent: 'Type your name above and quick match, or come back once you have one, to see the open games.',
        }),
      );
      return;
    }
    problem.textContent = '';
    try {
      show({ games: await new Api(session.token).lobby() });
    } catch (error) {
      problem.textContent = error instanceof Error ? error.message : String(error);
    }
  };

  const join = async (id: string) => {
    if (state.busy) return;
    show({ busy: true });
    problem.textContent = '';
    try {
      const session = await sessionOrSignUp(nameField());
      await new Api(session.token).join(id).catch((error: unknown) => {
        // One's own open game is listed too: joining it again is just opening it.
        if (!(error instanceof ApiError && error.code === 'rules/already-seated')) throw error;
      });
      location.assign(`/games/${id}`);
    } catch (error) {
      problem.textContent = error instanceof Error ? error.message : String(error);
      show({ busy: false });
      // A game that filled (or was cancelled) meanwhile leaves the list.
      void load();
    }
  };

  onSubmit(byId<HTMLFormElement>('quick-match'), async (data) => {
    const seats = Number(data.get('seats') ?? 2);
    if (!Number.isInteger(seats) || seats < 2 || seats > 8) throw new Error('Choose 2 to 8 players.');
    const session = await sessionOrSignUp(data.get('name'));
    const game = await new Api(session.token).quickMatch(seats);
    location.assign(`/games/${game.id}`);
  });
  byId('lobby-refresh').addEventListener('click', () => void load());
  void load();
}
