import { layoutBoard, type BoardLayout } from '../../board/layout';
import { Api, ApiError, type Commit, type Game, type Move, type Schemas } from '../api';

import { lastSeen, markSeen } from '../session';
import { speakerFor, toNews, type Speaker } from './describe';
import { follow } from './live';
import { commitsUpTo, seatSource, type GameSource } from './source';
import { Store, type GameState } from './store';

type CommandReply = Schemas['CommandReply'];

/** The most lines of news kept on the page. */
const NEWS_KEPT = 60;
/** How much of the game so far a first visit shows. */
const SO_FAR = 20;
/** The most pages of events read to catch up (a page holds up to 1,000 commits). */
const MAX_PAGES = 10;

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
    /** Where the game is read from: by default this player's seat; a spectator's page passes its own. */
    private readonly source: GameSource = seatSource(api, gameId),
  ) {}

  /** The board of the current view laid out (kept while the board does not change). */
  layout(view: Game): BoardLayout | null {
    const hand = view.hand;
    if (!hand) return null;
    const aspect = this.store.get().aspect;
    const key = `${hand.index}:${hand.board.length}:${JSON.stringify(hand.openEnds)}:${aspect}`;
    if (this.layoutFor?.key !== key) {
      this.layoutFor = { key, layout: layoutBoard(hand.board, hand.openEnds, view.rules, aspect) };
    }
    return this.layoutFor.layout;
  }

  /** The board's box changed shape (see `aspectOf`): the board is laid out for the new one. */
  setAspect(aspect: number): void {
    if (this.store.get().aspect !== aspect) this.store.set({ aspect });
  }

  private speaker(view: Game): Speaker {
    return speakerFor(view, this.layout(view));
  }

  /** Loads the game, the news since the last visit, then follows it until it is over. */
  async start(): Promise<void> {
    // What happened since the last visit is asked for at once, beside the view, not after it: the
    // page is drawn from the view, and the news follows without another round trip.
    const seen = lastSeen(this.gameId);
    const since = this.source.events(seen ?? 0).catch(() => null);
    let view: Game | null;
    try {
      view = await this.source.view();
    } catch (error) {
      const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
      const signedOut = error instanceof ApiError && error.status === 401;
      this.store.set({ phase: signedOut ? 'signed-out' : missing ? 'missing' : 'loading', problem: message(error) });
      return;
    }
    if (!view) return;
    this.heard = view.version;
    this.show(view, { phase: 'ready', sinceFirst: seen === null });
    // Then what happened since the last visit here; on a first visit, the game so far (its end).
    if (seen === null || seen < view.version) {
      const commits = await commitsUpTo(this.source, since, view.version, MAX_PAGES);
      const news = commits ? toNews(commits, this.speaker(view)).slice(seen === null ? -SO_FAR : 0) : null;
      this.store.set({ since: news });
    }
    void follow(this.source, {
      // From the newest commit told, not the newest view: a view fetched by itself (after a 412, back
      // online) may be ahead, and the commits it jumped over are still to be told.
      version: () => this.heard,
      commits: (commits, version) => void this.arrived(commits, version),
      online: (online) => {
        if (this.store.get().online === online) return;
        this.store.set({ online });
        if (online) void this.refresh();
      },
      resumed: () => void this.refresh(),
      done: () => ['finished', 'cancelled'].includes(this.store.get().view?.status ?? ''),
    });
  }

  /** Shows a view, if it is not older than the one shown (with `also`, in the same render); remembers it as seen. */
  private show(view: Game, also: Partial<GameState> = {}): void {
    const current = this.store.get().view;
    if (current && current.version > view.version) {
      if (Object.keys(also).length > 0) this.store.set(also);
      return;
    }
    const selected = also.selected !== undefined ? also.selected : this.store.get().selected;
    const keep = selected !== null && view.yourTiles.includes(selected);
    this.store.set({ ...also, view, selected: keep ? selected : null, announce: keep && this.store.get().announce });
    if (document.visibilityState === 'visible') markSeen(this.gameId, view.version);
  }

  private async refresh(): Promise<void> {
    const current = this.store.get().view;
    const view = await this.source.view(current?.version).catch(() => null);
    if (view) this.show(view);
  }

  /** New commits from the long-poll: the news first (named on the board they were made on), then the view. */
  private async arrived(commits: readonly Commit[], version: number): Promise<void> {
    const fresh = commits.filter((c) => c.version > this.heard);
    this.heard = Math.max(this.heard, version);
    const current = this.store.get().view;
    const view = await this.source.view().catch(() => null);
    const base = view ?? current;
    const news = base && fresh.length > 0 ? { news: this.withNews(toNews(fresh, this.speaker(base))) } : {};
    if (view) this.show(view, news);
    else if (news.news) this.store.set(news);
  }

  /** The news with `entries` added, the oldest dropped past NEWS_KEPT. */
  private withNews(entries: ReturnType<typeof toNews>): GameState['news'] {
    return [...this.store.get().news, ...entries].slice(-NEWS_KEPT);
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
  send(move: Move): Promise<void> {
    return this.command((version) => this.api.move(this.gameId, version, move));
  }

  /** Seats a bot in the lowest free seat (the creator's button while the game waits for players). */
  addBot(): Promise<void> {
    return this.command((version) => this.api.addBot(this.gameId, version));
  }

  /** Leaves the game; before the start the seat is no longer ours, so the page goes home. */
  async leave(): Promise<void> {
    const started = this.store.get().view?.status !== 'waiting';
    await this.command((version) => this.api.leave(this.gameId, version));
    if (!started && !this.store.get().problem) location.assign('/');
  }

  /**
   * Once the game is over: proposes a rematch (same rules, same seats) or accepts the one proposed
   * already, and opens it. Says why not when the API refuses.
   */
  async rematch(): Promise<string | null> {
    try {
      const game = await this.api.rematch(this.gameId);
      location.assign(`/games/${game.id}`);
      return null;
    } catch (error) {
      return message(error);
    }
  }

  /** The game's watch links: made, listed and revoked by any seated player (not commands on the game). */
  readonly watchLinks = {
    list: () => this.api.watchLinks(this.gameId),
    make: () => this.api.createWatchLink(this.gameId),
    revoke: (linkId: string) => this.api.revokeWatchLink(this.gameId, linkId),
    /** Why a watch-link request failed, in the words the page uses for any refusal. */
    problem: (error: unknown) => message(error),
  };

  /** Any command on the version shown: its events become news, its game the view; a refusal is said. */
  private async command(send: (version: number) => Promise<CommandReply>): Promise<void> {
    const { view, busy } = this.store.get();
    if (!view || busy) return;
    this.store.set({ busy: true, problem: null });
    try {
      const reply = await send(view.version);
      // One render for the reply: the view, its news (unless the long-poll told it first), not busy.
      const told = reply.version <= this.heard;
      this.heard = Math.max(this.heard, reply.version);
      const fresh = [{ version: reply.version, at: new Date().toISOString(), events: reply.events }];
      const news = told ? {} : { news: this.withNews(toNews(fresh, this.speaker(reply.game))) };
      this.show(reply.game, { busy: false, selected: null, ...news });
    } catch (error) {
      this.store.set({ problem: message(error), busy: false });
      if (error instanceof ApiError && error.status === 412) await this.refresh();
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
