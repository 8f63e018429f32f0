/** @jsxImportSource hono/jsx/dom */
import { createPortal, render, useSyncExternalStore } from 'hono/jsx/dom';
import { layoutBoard, type BoardLayout } from '../../board/layout';
import { Api, type Commit, type Game, type ReplayStep } from '../api';
import { byId } from '../dom';
import { loadSession } from '../session';
import { readableScale } from '../../board/pips';
import { aspectOf, BoardView } from './board-view';
import { speakerFor, toNews } from './describe';
import { HandsView } from './hands-view';
import { Observable } from './observable';
import { seatName } from './seat-names';
import { SeatsView } from './seats-view';
import { asSpectator, commitsUpTo, seatSource } from './source';
import { handJump, handSpans } from './replay-steps';
import { HandTile } from './tile-svg';

/** What the replay shows: the step, the table at it (as nobody's view), and every commit's sentences. */
interface ReplayState {
  readonly step: ReplayStep | null;
  readonly view: Game | null;
  readonly layout: BoardLayout | null;
  /** The game's commits as this player's events tell them, by version (for what each step recorded). */
  readonly commits: ReadonlyMap<number, Commit>;
  readonly problem: string | null;
}

const NO_ENDS: ReadonlySet<number> = new Set();
const NO_PLAY = { play: () => Promise.resolve() };

/** The sentences of the step's commit, its placements named on the board as it stands after it. */
function said(state: ReplayState): string[] {
  const { step, view, layout } = state;
  const commit = step ? state.commits.get(step.version) : undefined;
  if (!commit || !view) return [];
  return toNews([commit], speakerFor(view, layout)).map((entry) => entry.text);
}

function Replay({ store, regions }: { store: Observable<ReplayState>; regions: Record<string, HTMLElement> }) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  const { step, view } = state;
  const line = state.problem ?? (step ? `Step ${step.version} of ${step.last}` : 'Loading the replay…');
  return (
    <>
      {createPortal(<>{line}</>, regions.step!)}
      {createPortal(
        <BoardView
          layout={state.layout}
          container={regions.board!}
          zoom={null}
          selected={null}
          fits={NO_ENDS}
          least={readableScale(view?.rules.set ?? 6)}
          game={NO_PLAY}
        />,
        regions.board!,
      )}
      {createPortal(
        <ul class="entries">
          {said(state).map((text) => (
            <li>{text}</li>
          ))}
        </ul>,
        regions.said!,
      )}
      {createPortal(
        view && step?.hands ? (
          <ul class="replay-hands">
            {step.hands.map((tiles, seat) => (
              <li data-seat={seat}>
                <span class="name">{seatName(view, seat)}</span>
                <span class="tiles" aria-label={tiles.length === 0 ? 'no tiles' : tiles.join(', ')}>
                  {tiles.map((tile) => (
                    <HandTile tile={tile} />
                  ))}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <></>
        ),
        regions.tiles!,
      )}
      {createPortal(view ? <SeatsView view={view} /> : <></>, regions.seats!)}
      {createPortal(view ? <HandsView view={view} /> : <></>, regions.hands!)}
    </>
  );
}

/** Saves the game's export as a file (`chickenfoot-<id>.json`); a refusal is said beside the button. */
async function download(api: Api, gameId: string): Promise<void> {
  const problem = byId('replay-export-problem');
  problem.textContent = '';
  try {
    const exported = await api.export(gameId);
    const url = URL.createObjectURL(new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `chickenfoot-${gameId}.json` });
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    problem.textContent = error instanceof Error ? error.message : String(error);
  }
}

/**
 * The replay's stepping: where the player asked to go moves at once with each click or key, from where
 * the last one left it (not from the step shown, which may still be on its way), and the step shown
 * follows it, one request at a time. No click is lost, however fast.
 */
function stepper(api: Api, gameId: string, store: Observable<ReplayState>, board: HTMLElement) {
  let target: number | null = null;
  let loading = false;
  const load = async (at?: number) => {
    if (at !== undefined) target = at;
    loading = true;
    while (target !== null && target !== store.get().step?.version) {
      const asked = target;
      try {
        const next = await api.replay(gameId, asked);
        const view = next.game ? asSpectator(next.game) : null;
        const hand = view?.hand;
        const box = { width: board.clientWidth, height: board.clientHeight };
        const layout = hand ? layoutBoard(hand.board, hand.openEnds, view.rules, aspectOf(box)) : null;
        store.set({ step: next, view, layout, problem: null });
        document.body.dataset.step = String(next.version);
      } catch (error) {
        store.set({ problem: error instanceof Error ? error.message : String(error) });
        target = null;
      }
    }
    loading = false;
  };
  const go = (at: number | null) => {
    if (at === null) return;
    target = Math.max(0, Math.min(store.get().step?.last ?? at, at));
    if (!loading) void load();
  };
  const from = () => target ?? store.get().step?.version ?? 0;
  const spans = () => handSpans([...store.get().commits.values()]);
  const moves: Record<string, () => number | null> = {
    first: () => 0,
    'hand-start': () => handJump(spans(), from(), 'start'),
    back: () => from() - 1,
    next: () => from() + 1,
    'hand-end': () => handJump(spans(), from(), 'end'),
    last: () => store.get().step?.last ?? null,
  };
  return { go, from, load, moves };
}

/**
 * `/games/<id>/replay`: a finished game step by step (First, Back, Next, Last, the arrow keys, and to
 * a hand's start or end),
 * every tile shown, each step's commit told in the words of the game page.
 */
export async function startReplay(): Promise<void> {
  const root = byId('replay');
  const gameId = root.dataset.gameId ?? '';
  const session = loadSession();
  const api = new Api(session?.token ?? null);
  const store = new Observable<ReplayState>({
    step: null,
    view: null,
    layout: null,
    commits: new Map(),
    problem: null,
  });
  const regions: Record<string, HTMLElement> = {
    step: byId('replay-step'),
    board: byId('board'),
    said: byId('replay-said'),
    tiles: byId('replay-tiles'),
    seats: byId('seats'),
    hands: byId('hands'),
  };
  for (const region of Object.values(regions)) region.replaceChildren();
  const host = document.createElement('div');
  host.hidden = true;
  root.append(host);
  render(<Replay store={store} regions={regions} />, host);

  const { go, from, load, moves } = stepper(api, gameId, store, regions.board!);
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-step]')) {
    button.addEventListener('click', () => {
      const move = moves[button.dataset.step ?? ''];
      if (store.get().step && move) go(move());
    });
  }
  document.addEventListener('keydown', (event) => {
    if (!store.get().step || (event.target as HTMLElement | null)?.closest('input, textarea')) return;
    if (event.key === 'ArrowRight') go(from() + 1);
    if (event.key === 'ArrowLeft') go(from() - 1);
  });
  byId('replay-export').addEventListener('click', () => void download(api, gameId));
  if (!session) {
    store.set({ problem: 'Sign in (on the home page) to replay this game.' });
    return;
  }
  // The commits' sentences and the first step at once: the step draws, the sentences follow.
  const source = seatSource(api, gameId);
  const commits = commitsUpTo(source, source.events(0), Infinity, Infinity).catch(() => null);
  await load(1);
  store.set({ commits: new Map((await commits)?.map((c) => [c.version, c])) });
  document.body.dataset.ready = 'true';
}
