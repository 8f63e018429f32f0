/** @jsxImportSource hono/jsx/dom */
import { createPortal, render, useEffect, useMemo, useSyncExternalStore } from 'hono/jsx/dom';
import type { BoardLayout } from '../../board/layout';
import { Api, type Game } from '../api';
import { byId } from '../dom';
import { loadSession } from '../session';
import { readableScale } from '../../board/pips';
import { aspectOf, BoardView, fitScale, OVERVIEW } from './board-view';
import { GameController } from './controller';
import { GameEnd, HandEnd } from './hand-end-view';
import { HandsView } from './hands-view';
import { LeaveBox } from './leave-box';
import { RematchLink } from './rematch-box';
import { Talk } from './talk';
import { TalkView } from './talk-view';
import { WatchLinksBox } from './watch-links-box';
import { watchSource } from './source';
import { HandView, trackFocus } from './hand-view';
import { playsByTile } from './moves';
import { NewsView } from './news-view';
import { SeatsView } from './seats-view';
import type { GameState } from './store';
import { turnLine } from './turn-line';

const NO_ENDS: ReadonlySet<number> = new Set();

/** The page's regions, as the server lays them out (pages/game.tsx). */
type Region = 'turn' | 'board' | 'play' | 'seats' | 'news' | 'hands' | 'talk';
const REGIONS: readonly Region[] = ['turn', 'board', 'play', 'seats', 'news', 'hands', 'talk'];

/** The page: one store, drawn into the regions the server laid out (portals), so nothing else moves. */
function App({
  game,
  talk,
  regions,
}: {
  game: GameController;
  /** Table talk, for a seated player (a spectator's page has none). */
  talk: Talk | null;
  /** The regions the server laid out; a spectator's page has no `play` or `talk`. */
  regions: Partial<Record<Region, HTMLElement>>;
}) {
  const state = useSyncExternalStore(game.store.subscribe, game.store.get);
  const view = state.view;
  const playing = view ? game.layout(view) : null;
  // While a hand's end is shown, so is its board as it was left (laid out again only as the story grows).
  const ended = state.ended && view?.status === 'playing' ? state.ended.hand : null;
  const endedBoard = useMemo(
    () => (view && ended !== null ? game.endedBoard(view, ended) : null),
    [ended, state.story.length, state.aspect],
  );
  const layout = endedBoard ?? playing;
  // Kept between renders while the view and the picked tile stay, so the board redraws only for them.
  const fits = useMemo(
    () => (view && state.selected ? (playsByTile(view).get(state.selected) ?? NO_ENDS) : NO_ENDS),
    [view, state.selected],
  );
  const mine = view?.hand?.turn === view?.yourSeat && view?.status === 'playing';
  usePageMarks(view, mine);
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
          least={readableScale(view?.rules.set ?? 6)}
          game={game}
          busy={state.busy}
        />,
        regions.board!,
      )}
      {regions.play
        ? createPortal(<Play state={state} game={game} layout={playing} ended={ended} />, regions.play)
        : null}
      {createPortal(view ? seatsPart(view, game, state.busy) : <></>, regions.seats!)}
      {createPortal(
        <NewsView story={state.story} seenBefore={state.seenBefore} loadedAt={state.loadedAt} />,
        regions.news!,
      )}
      {createPortal(view ? <HandsView view={view} winners={regions.play === undefined} /> : <></>, regions.hands!)}
      {talk && regions.talk ? createPortal(view ? talkPart(talk, view, game) : <></>, regions.talk) : null}
    </>
  );
}

/**
 * What the page tells outside the app, after each render: whose turn it is (the body's class and the
 * title) and, for whoever watches the page from outside (the browser tests), which version it shows.
 */
function usePageMarks(view: GameState['view'], mine: boolean): void {
  useEffect(() => {
    document.body.classList.toggle('my-turn', mine);
    if (view) Object.assign(document.body.dataset, { version: String(view.version), status: view.status });
    document.title = `${mine ? '(Your turn) ' : ''}Game · Chickenfoot`;
    // The first time the game itself is on screen, for whoever measures the page (npm run bench:web).
    if (view && performance.getEntriesByName('chickenfoot:rendered').length === 0) {
      performance.mark('chickenfoot:rendered');
    }
  }, [view, mine]);
}

/** The seats' region: who sits where, leaving the game, and the rematch once there is one. */
function seatsPart(view: Game, game: GameController, busy: boolean) {
  return (
    <>
      <SeatsView view={view} />
      <LeaveBox view={view} game={game} busy={busy} />
      <RematchLink view={view} />
    </>
  );
}

/** The talk region of a seated player's page: table talk, and the watch links. */
function talkPart(talk: Talk, view: Game, game: GameController) {
  return (
    <>
      <TalkView talk={talk} view={view} />
      <WatchLinksBox view={view} game={game} />
    </>
  );
}

/** The player's part: the game's end once it is over, a hand's end while it is shown, else the hand and the moves. */
function Play(props: { state: GameState; game: GameController; layout: BoardLayout | null; ended: number | null }) {
  const { state, game, ended } = props;
  const view = state.view;
  if (!view) return <></>;
  if (view.status === 'finished') return <GameEnd view={view} game={game} />;
  if (ended !== null) return <HandEnd view={view} hand={ended} game={game} last={false} />;
  return <HandView view={view} state={state} game={game} layout={props.layout} />;
}

/** The zoom buttons: in and out by a quarter from what is shown, or back to fitting. */
function wireZoom(game: GameController, board: HTMLElement): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-zoom]')) {
    button.addEventListener('click', () => {
      const { view, zoom } = game.store.get();
      const layout = view ? game.layout(view) : null;
      if (!layout) return;
      const fit = fitScale(layout, { width: board.clientWidth, height: board.clientHeight });
      const now = zoom ?? Math.max(fit, readableScale(view?.rules.set ?? 6));
      const kind = button.dataset.zoom;
      // Keep what is in the middle of the box in the middle.
      const x = (board.scrollLeft + board.clientWidth / 2) / Math.max(1, board.scrollWidth);
      const y = (board.scrollTop + board.clientHeight / 2) / Math.max(1, board.scrollHeight);
      game.zoom(kind === 'fit' ? null : Math.max(OVERVIEW, Math.min(120, kind === 'in' ? now * 1.25 : now / 1.25)));
      requestAnimationFrame(() => {
        board.scrollLeft = x * board.scrollWidth - board.clientWidth / 2;
        board.scrollTop = y * board.scrollHeight - board.clientHeight / 2;
      });
    });
  }
}

/** The page's regions that the server drew (emptied for the client to fill), and the app drawn into them. */
function mount(game: GameController, talk: Talk | null): void {
  const root = byId('game');
  const regions: Partial<Record<Region, HTMLElement>> = {};
  for (const id of REGIONS) {
    const element = document.getElementById(id);
    if (!element) continue;
    element.replaceChildren();
    regions[id] = element;
  }
  // The board is laid out for the shape of its box: known before the first render, and followed.
  const board = regions.board!;
  const measure = () => game.setAspect(aspectOf({ width: board.clientWidth, height: board.clientHeight }));
  measure();
  new ResizeObserver(measure).observe(board);
  trackFocus();
  const host = document.createElement('div');
  host.hidden = true;
  root.append(host);
  render(<App game={game} talk={talk} regions={regions} />, host);
  wireZoom(game, regions.board!);
}

/** Marks the page ready for whoever measures it (the tests and `npm run bench:web`): loaded, drawn (the next frame), its buttons live and the game followed. */
async function ready(): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  document.body.dataset.ready = 'true';
  performance.mark('chickenfoot:interactive');
}

/** `/games/<id>`: the game, live. */
export async function startGame(): Promise<void> {
  const session = loadSession();
  const api = new Api(session?.token ?? null);
  const game = new GameController(byId('game').dataset.gameId ?? '', api);
  const talk = new Talk(api, game.gameId);
  mount(game, talk);
  if (!session) {
    game.store.set({ phase: 'signed-out' });
    return;
  }
  await game.start();
  // Once the game is there and they sit at it (a page for no game of theirs, or a rematch's seat kept
  // for them and not taken yet, has no table to talk at).
  const view = game.store.get().view;
  if (view?.seats[view.yourSeat]?.player) void talk.start();
  await ready();
}

/**
 * `/watch#<watch token>`: a game as a spectator sees it, live: the board, the seats and their counts,
 * what happens, the scores; never a tile of a seat. The token (from the fragment) is all it needs.
 */
export async function startWatch(): Promise<void> {
  const token = decodeURIComponent(location.hash.slice(1));
  const api = new Api(token || null);
  // The game's id comes with its first view: the page knows only the token.
  const first = token ? await api.watch().catch(() => null) : null;
  const game = new GameController(first?.id ?? '', api, watchSource(api, first ?? undefined));
  mount(game, null);
  if (!first) {
    const problem = token
      ? 'This watch link no longer works: it was revoked, or it was not copied whole.'
      : 'This page needs a watch link: ask a player of the game for one.';
    game.store.set({ phase: 'missing', problem });
    return;
  }
  await game.start();
  await ready();
}
