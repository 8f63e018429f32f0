import { layoutBoard, type BoardLayout } from '../../board/layout';
import { Api, ApiError, type Commit, type Game, type Move } from '../api';
import { lastSeen, markSeen } from '../session';
import { toNews, type Speaker } from './describe';
import { follow } from './live';
import { Store } from './store';

/** The most lines of news kept on the page. */
const NEWS_KEPT = 60;

/**
 * The game page's behaviour: loads the view, says what happened since the last visit, keeps up by
 * long-polling, and sends moves (refusals shown in the API's words). Views only read `store` and call
 * the actions.
 */
export class GameController {
  readonly store = new Store();
  private layoutFor: { key: string; layout: BoardLayout } | null = null;
  /** The newest commit already told as news: a commit is told once, whichever way it came. */
  private heard = 0;

  constructor(
    readonly gameId: string,
    private readonly api: Api,
  ) {}

  /** The board of the current view laid out (kept while the board does not change). */
  layout(view: Game): BoardLayout | null {
    const hand = view.hand;
    if (!hand) return null;
    const key = `${hand.index}:${hand.board.length}:${JSON.stringify(hand.openEnds)}`;
    if (this.layoutFor?.key !== key) {
      this.layoutFor = { key, layout: layoutBoard(hand.board, hand.openEnds, view.rules) };
    }
    return this.layoutFor.layout;
  }

  private speaker(view: Game): Speaker {
    const layout = this.layout(view);
    return {
      view,
      placement: (id, tile) => layout?.tiles.find((t) => t.id === id && t.tile === tile)?.label ?? null,
    };
  }

  /** Loads the game, the news since the last visit, then follows it until it is over. */
  async start(): Promise<void> {
    let view: Game | null;
    try {
      view = await this.api.game(this.gameId);
    } catch (error) {
      const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
      const signedOut = error instanceof ApiError && error.status === 401;
      this.store.set({ phase: signedOut ? 'signed-out' : missing ? 'missing' : 'loading', problem: message(error) });
      return;
    }
    if (!view) return;
    this.heard = view.version;
    const seen = lastSeen(this.gameId);
    let since = null;
    if (seen !== null && seen < view.version) {
      const page = await this.api.events(this.gameId, seen).catch(() => null);
      if (page) since = toNews(page.commits, this.speaker(view));
    }
    this.show(view);
    this.store.set({ phase: 'ready', since });
    void follow(this.api, this.gameId, {
      version: () => Math.max(this.store.get().view?.version ?? 0, this.heard),
      commits: (commits, version) => void this.arrived(commits, version),
      online: (online) => {
        if (this.store.get().online === online) return;
        this.store.set({ online });
        if (online) void this.refresh();
      },
      resumed: () => void this.refresh(),
      done: () => this.store.get().view?.status === 'finished',
    });
  }

  /** Shows a view, if it is not older than the one shown; remembers it as seen. */
  private show(view: Game): void {
    const current = this.store.get().view;
    if (current && current.version > view.version) return;
    const selected = this.store.get().selected;
    const keep = selected !== null && view.yourTiles.includes(selected);
    this.store.set({ view, selected: keep ? selected : null, announce: keep && this.store.get().announce });
    if (document.visibilityState === 'visible') markSeen(this.gameId, view.version);
  }

  private async refresh(): Promise<void> {
    const current = this.store.get().view;
    const view = await this.api.game(this.gameId, current?.version).catch(() => null);
    if (view) this.show(view);
  }

  /** New commits from the long-poll: the news first (named on the board they were made on), then the view. */
  private async arrived(commits: readonly Commit[], version: number): Promise<void> {
    const fresh = commits.filter((c) => c.version > this.heard);
    this.heard = Math.max(this.heard, version);
    const current = this.store.get().view;
    const view = await this.api.game(this.gameId).catch(() => null);
    const base = view ?? current;
    if (base && fresh.length > 0) this.addNews(toNews(fresh, this.speaker(base)));
    if (view) this.show(view);
  }

  private addNews(entries: ReturnType<typeof toNews>): void {
    const news = [...this.store.get().news, ...entries].slice(-NEWS_KEPT);
    this.store.set({ news });
  }

  /** Picks a tile of the hand (or puts it back). */
  select(tile: string | null): void {
    const same = this.store.get().selected === tile;
    this.store.set({ selected: same ? null : tile, announce: false, problem: null });
  }

  /** Whether to say "Chickenlittle!" with the next play. */
  setAnnounce(announce: boolean): void {
    this.store.set({ announce });
  }

  /** Sets the board's zoom (pixels per half-tile), or null to fit. */
  zoom(zoom: number | null): void {
    this.store.set({ zoom });
  }

  /** Plays the selected tile on an end: any end may be tried, and a refusal says why in the rules' words. */
  play(on: number): Promise<void> {
    const { selected, announce, view } = this.store.get();
    if (!selected || !view) return Promise.resolve();
    const offered = view.legalMoves.some((m) => m.type === 'play' && m.tile === selected && m.announce === true);
    return this.send({ type: 'play', tile: selected, on, ...(announce && offered ? { announce: true } : {}) });
  }

  /** Sends a move decided on the view shown. */
  async send(move: Move): Promise<void> {
    const { view, busy } = this.store.get();
    if (!view || busy) return;
    this.store.set({ busy: true, problem: null });
    try {
      const reply = await this.api.move(this.gameId, view.version, move);
      if (reply.version <= this.heard) return this.show(reply.game);
      this.heard = reply.version;
      const fresh = [{ version: reply.version, at: new Date().toISOString(), events: reply.events }];
      this.addNews(toNews(fresh, this.speaker(reply.game)));
      this.store.set({ selected: null, announce: false });
      this.show(reply.game);
    } catch (error) {
      this.store.set({ problem: message(error) });
      if (error instanceof ApiError && error.status === 412) await this.refresh();
    } finally {
      this.store.set({ busy: false });
    }
  }
}

/** A failure as the page says it: the API's own sentence when there is one. */
function message(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 412) return 'Someone moved before you: here is the game as it is now. Look, and move again.';
    return error.detail;
  }
  return 'The game cannot be reached just now: check your connection. The page will keep trying.';
}
