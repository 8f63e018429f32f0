/** @jsxImportSource hono/jsx/dom */
import { createPortal, render, useEffect, useMemo, useSyncExternalStore } from 'hono/jsx/dom';
import { Api } from '../api';
import { byId } from '../dom';
import { loadSession } from '../session';
import { BoardView, fitScale, LEAST } from './board-view';
import { GameController } from './controller';
import { HandsView, winnersLine } from './hands-view';
import { LeaveBox } from './leave-box';
import { RematchBox } from './rematch-box';
import { Talk } from './talk';
import { TalkView } from './talk-view';
import { HandView, playsByTile } from './hand-view';
import { NewsView } from './news-view';
import { seatName } from './seat-names';
import { SeatsView } from './seats-view';
import type { GameState } from './store';

const NO_ENDS: ReadonlySet<number> = new Set();

/** The one line that says where the game is: whose turn, or why nothing shows. */
function turnLine(state: GameState): string {
  const view = state.view;
  if (state.phase === 'signed-out') return 'Sign in (on the home page) to see this game.';
  if (state.phase === 'missing') return state.problem ?? 'There is no such game, or you have no seat in it.';
  if (!view) return state.problem ?? 'Loading the game…';
  const offline = state.online ? '' : ' (reconnecting…)';
  if (view.status === 'cancelled') return `This game was cancelled before it started.${offline}`;
  if (view.status === 'waiting') {
    const taken = view.seats.filter((s) => s.player || s.bot).length;
    return `Waiting for players: ${taken} of ${view.seats.length} seats taken.${offline}`;
  }
  // Said first thing, where a phone shows it without scrolling to the scores.
  if (view.status === 'finished')
    return `The game is over: ${(winnersLine(view) ?? '').replace(/^You /, 'you ')}${offline}`;
  if (view.seats[view.yourSeat]?.left) return `You left this game: a bot plays your seat.${offline}`;
  const hand = view.hand;
  const total = view.rules.set + 1;
  const prefix = hand ? `Hand ${hand.index + 1} of ${total}: ` : '';
  if (hand?.turn === view.yourSeat) {
    const drew = hand.drawnBy === view.yourSeat ? 'you drew a tile that fits: play it or pass' : 'your turn';
    return `${prefix}${drew}.${offline}`;
  }
  const name = hand?.turn === null || hand?.turn === undefined ? null : seatName(view, hand.turn);
  return `${prefix}${name ?? 'someone'} to play.${offline}`;
}

/** The page: one store, drawn into the regions the server laid out (portals), so nothing else moves. */
function App({ game, talk, regions }: { game: GameController; talk: Talk; regions: Record<string, HTMLElement> }) {
  const state = useSyncExternalStore(game.store.subscribe, game.store.get);
  const view = state.view;
  const layout = view ? game.layout(view) : null;
  // Kept between renders while the view and the picked tile stay, so the board redraws only for them.
  const fits = useMemo(
    () => (view && state.selected ? (playsByTile(view).get(state.selected) ?? NO_ENDS) : NO_ENDS),
    [view, state.selected],
  );
  const mine = view?.hand?.turn === view?.yourSeat && view?.status === 'playing';
  useEffect(() => {
    document.body.classList.toggle('my-turn', Boolean(mine));
    // For whoever watches the page from outside (the browser tests): which version it shows.
    if (view) Object.assign(document.body.dataset, { version: String(view.version), status: view.status });
    document.title = `${mine ? '(Your turn) ' : ''}Game · Chickenfoot`;
    // The first time the game itself is on screen, for whoever measures the page (npm run bench:web).
    if (view && performance.getEntriesByName('chickenfoot:rendered').length === 0) {
      performance.mark('chickenfoot:rendered');
    }
  }, [view, mine]);
  return (
    <>
      {createPortal(<>{turnLine(state)}</>, regions.turn!)}
      {createPortal(
        <BoardView
          layout={layout}
          container={regions.board!}
          zoom={state.zoom}
          selected={state.selected}
          fits={fits}
          game={game}
        />,
        regions.board!,
      )}
      {createPortal(view ? <HandView view={view} state={state} game={game} layout={layout} /> : <></>, regions.play!)}
      {createPortal(
        view ? (
          <>
            <SeatsView view={view} />
            <LeaveBox view={view} game={game} busy={state.busy} />
            <RematchBox view={view} game={game} />
          </>
        ) : (
          <></>
        ),
        regions.seats!,
      )}
      {createPortal(<NewsView since={state.since} first={state.sinceFirst} news={state.news} />, regions.news!)}
      {createPortal(view ? <HandsView view={view} /> : <></>, regions.hands!)}
      {createPortal(view ? <TalkView talk={talk} view={view} /> : <></>, regions.talk!)}
    </>
  );
}

/** The zoom buttons: in and out by a quarter from what is shown, or back to fitting. */
function wireZoom(game: GameController, board: HTMLElement): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-zoom]')) {
    button.addEventListener('click', () => {
      const { view, zoom } = game.store.get();
      const layout = view ? game.layout(view) : null;
      if (!layout) return;
      const now = zoom ?? fitScale(layout, { width: board.clientWidth, height: board.clientHeight });
      const kind = button.dataset.zoom;
      // Keep what is in the middle of the box in the middle.
      const x = (board.scrollLeft + board.clientWidth / 2) / Math.max(1, board.scrollWidth);
      const y = (board.scrollTop + board.clientHeight / 2) / Math.max(1, board.scrollHeight);
      game.zoom(kind === 'fit' ? null : Math.max(LEAST, Math.min(120, kind === 'in' ? now * 1.25 : now / 1.25)));
      requestAnimationFrame(() => {
        board.scrollLeft = x * board.scrollWidth - board.clientWidth / 2;
        board.scrollTop = y * board.scrollHeight - board.clientHeight / 2;
      });
    });
  }
}

/** `/games/<id>`: the game, live. */
export async function startGame(): Promise<void> {
  const root = byId('game');
  const session = loadSession();
  const game = new GameController(root.dataset.gameId ?? '', new Api(session?.token ?? null));
  const regions = Object.fromEntries(
    ['turn', 'board', 'play', 'seats', 'news', 'hands', 'talk'].map((id) => {
      const element = byId(id);
      element.replaceChildren();
      return [id, element];
    }),
  );
  const host = document.createElement('div');
  host.hidden = true;
  root.append(host);
  const talk = new Talk(new Api(session?.token ?? null), game.gameId);
  render(<App game={game} talk={talk} regions={regions} />, host);
  wireZoom(game, regions.board!);
  if (!session) {
    game.store.set({ phase: 'signed-out' });
    return;
  }
  await game.start();
  // Once the game is there (a page for no game of theirs has no table to talk at).
  if (game.store.get().view) void talk.start();
  // Marks the page ready for whoever measures it (the tests and `npm run bench:web`): loaded, drawn
  // (the next frame), its buttons live and the game followed.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  document.body.dataset.ready = 'true';
  performance.mark('chickenfoot:interactive');
}
