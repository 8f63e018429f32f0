import { layoutBoard, type BoardLayout } from '../../board/layout';
import { Api, ApiError, type Commit, type Game, type GameEvent, type Move, type Schemas } from '../api';
import { sendOrQueue } from '../offline-moves';
import { lastSeen, markSeen } from '../session';
import { describe, speakerFor, toNews, type Speaker } from './describe';
import { GameLog, handsEnded } from './game-log';
import { LayoutCache } from './layout-cache';
import { follow, settled } from './live';
import { pressOf } from './moves';
import { failureText } from './failure-text';
import { commitsUpTo, seatSource, type GameSource } from './source';
import { Store, type GameState } from './store';

type CommandReply = Schemas['CommandReply'];

/** The most pages of events read for the story so far (a page holds up to 1,000 commits). */
const MAX_PAGES = 10;

/**
 * The game page's behaviour: loads the view and the story so far, keeps up by long-polling, and
 * sends moves (refusals shown in the API's words). The story is built from commits by version (see
 * GameLog), never from a reply's events, so a commit is told once whichever way it came. Views only
 * read `store` and call the actions.
 */
export class GameController {
  readonly store = new Store();
  private readonly layouts = new LayoutCache();
  private readonly log = new GameLog();
  /** A catch-up on its way, and whether another is wanted once it is back. */
  private catching = false;
  private again = false;
  /** The hands whose end was shown or is waiting to be (several may end in one batch: each is shown). */
  private readonly endsTold = new Set<number>();
  private readonly endsWaiting: number[] = [];

  constructor(
    readonly gameId: string,
    private readonly api: Api,
    /** Where the game is read from: by default this player's seat; a spectator's page passes its own. */
    private readonly source: GameSource = seatSource(api, gameId),
  ) {}

  /** The board of the current view laid out (kept while the board and its box's shape do not change). */
  layout(view: Game): BoardLayout | null {
    return this.layouts.of(view, this.store.get().aspect);
  }

  /** The board of a hand as it stood at its end, from the story (null when its deal was not heard). */
  endedBoard(view: Game, hand: number): BoardLayout | null {
    const board = this.log.board(hand);
    return board && board.length > 0 ? layoutBoard(board, [], view.rules, this.store.get().aspect) : null;
  }

  /** The board's box changed shape (see `aspectOf`): the board is laid out for the new one. */
  setAspect(aspect: number): void {
    if (this.store.get().aspect !== aspect) this.store.set({ aspect });
  }

  private speaker(view: Game): Speaker {
    return speakerFor(view, this.layout(view));
  }

  /** Loads the game and its story so far, then follows it until it is over. */
  async start(): Promise<void> {
    // The story is asked for at once, beside the view, not after it: the page is drawn from the view,
    // and the story follows without another round trip.
    const seen = lastSeen(this.gameId);
    const history = this.source.events(0).catch(() => null);
    let view: Game | null;
    try {
      view = await this.source.view();
    } catch (error) {
      const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
      const signedOut = error instanceof ApiError && error.status === 401;
      this.store.set({
        phase: signedOut ? 'signed-out' : missing ? 'missing' : 'loading',
        problem: failureText(error),
      });
      return;
    }
    if (!view) return;
    this.show(view, { phase: 'ready', seenBefore: seen, loadedAt: view.version });
    const commits = (await commitsUpTo(this.source, history, view.version, MAX_PAGES)) ?? [];
    this.tell(commits, view);
    this.log.skipTo(view.version);
    // Back after a hand ended: how the last one ended is the first thing shown.
    const ends = handsEnded(commits);
    for (const end of ends) this.endsTold.add(end.hand);
    const missed = ends.filter((e) => seen !== null && e.version > seen && !e.gameOver);
    if (view.status === 'playing' && missed.length > 0) this.store.set({ ended: { hand: missed.at(-1)!.hand } });
    void follow(this.source, {
      // From the newest commit told, not the newest view: a view fetched by itself (after a 412, back
      // online) may be ahead, and the commits it jumped over are still to be told.
      version: () => this.log.heard,
      commits: (commits) => void this.arrived(commits),
      online: (online) => {
        if (this.store.get().online === online) return;
        this.store.set({ online });
        if (online) void this.refresh();
      },
      resumed: () => void this.refresh(),
      // A game over may still gain a rematch, proposed by another player: read again once a wait says so.
      quiet: async () => {
        if (this.store.get().view?.status === 'finished') await this.refresh();
      },
      done: () => settled(this.store.get().view),
    });
  }

  /** Adds the commits not told yet to the story, in `view`'s words; returns them. */
  private tell(commits: readonly Commit[], view: Game): Commit[] {
    const { fresh, hand } = this.log.add(commits);
    if (fresh.length === 0) return fresh;
    const entries = toNews(fresh, this.speaker(view), hand);
    this.store.set({ story: [...this.store.get().story, ...entries] });
    return fresh;
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
    this.store.set({ ...also, view, selected: keep ? selected : null });
    if (document.visibilityState === 'visible') markSeen(this.gameId, view.version);
  }

  /** The view read again (after a 412, back online, back to the tab), shown with the commits it jumped
   * over told first: a hand that ended meanwhile is told no later than the next hand's board appears. */
  private async refresh(): Promise<void> {
    const current = this.store.get().view;
    const view = await this.source.view(current?.version).catch(() => null);
    if (!view) return;
    if (view.version <= this.log.heard) return this.show(view);
    const first = this.source.events(this.log.heard).catch(() => null);
    this.tellAndShow(view, (await commitsUpTo(this.source, first, view.version, MAX_PAGES)) ?? []);
  }

  /**
   * New commits (from the long-poll or a catch-up): the view first, unless it shows them already (a move's
   * reply did), so they are named on the board they were made on; then the story, a hand's end, a call-out.
   */
  private async arrived(commits: readonly Commit[]): Promise<void> {
    const newest = commits.reduce((m, c) => Math.max(m, c.version), 0);
    if (newest <= this.log.heard) return;
    const current = this.store.get().view;
    const view = current && current.version >= newest ? current : await this.source.view().catch(() => null);
    const base = view ?? current;
    if (!base) return;
    this.tellAndShow(base, commits);
  }

  /** Tells `commits` in `view`'s words, then shows `view` with what they changed (a hand's end, a call-out). */
  private tellAndShow(view: Game, commits: readonly Commit[]): void {
    const events = this.tell(commits, view).flatMap((c) => c.events);
    this.show(view, this.moment(view, events));
  }

  /** What `events`, just heard, change on the page: a hand's end to show, a call-out of this seat to explain. */
  private moment(view: Game, events: readonly GameEvent[]): Partial<GameState> {
    const ends = handsEnded([{ version: 0, at: '', events: [...events] }]);
    for (const end of ends) {
      if (end.gameOver || this.endsTold.has(end.hand)) continue;
      this.endsTold.add(end.hand);
      this.endsWaiting.push(end.hand);
    }
    const next = this.store.get().ended ? undefined : this.endsWaiting.shift();
    const called = events.findLast((e) => e.type === 'ChickenlittleCalledOut' && e.seat === view.yourSeat);
    return {
      ...(next !== undefined ? { ended: { hand: next } } : {}),
      ...(called ? { notice: describe(called, this.speaker(view), false) } : {}),
    };
  }

  /** Looks for commits after the newest told, at once (one look at a time; another follows if asked meanwhile). */
  private async catchUp(): Promise<void> {
    if (this.catching) {
      this.again = true;
      return;
    }
    this.catching = true;
    do {
      this.again = false;
      const page = await this.source.events(this.log.heard).catch(() => null);
      if (page) await this.arrived(page.commits);
    } while (this.again);
    this.catching = false;
  }

  /** Picks a tile of the hand (or puts it back). */
  select(tile: string | null): void {
    const same = this.store.get().selected === tile;
    this.store.set({ selected: same ? null : tile, problem: null, notice: null });
  }

  /** A tile of the hand pressed (clicked, or Enter): played at once when it fits one end only, else picked. */
  press(tile: string): Promise<void> {
    const { view, selected, busy } = this.store.get();
    if (!view || busy) return Promise.resolve();
    const press = pressOf(view, selected, tile);
    if (typeof press === 'object') return this.play(press.play, tile);
    this.select(press === 'unpick' ? null : tile);
    return Promise.resolve();
  }

  /** Whether to say "Chickenlittle!" with a play that leaves one tile (yes, unless the player says not). */
  setAnnounce(announce: boolean): void {
    this.store.set({ announce });
  }

  /** Closes a hand's end: the next hand that ended meanwhile shows, or the hand in play. */
  nextHand(): void {
    const next = this.endsWaiting.shift();
    this.store.set({ ended: next === undefined ? null : { hand: next } });
  }

  /** Sets the board's zoom (pixels per half-tile), or null to fit. */
  zoom(zoom: number | null): void {
    this.store.set({ zoom });
  }

  /** Plays a tile (the picked one) on an end: any end may be tried, and a refusal says why in the rules' words. */
  play(on: number, tile: string | null = this.store.get().selected): Promise<void> {
    const { announce, view } = this.store.get();
    if (!tile || !view) return Promise.resolve();
    const offered = view.legalMoves.some((m) => m.type === 'play' && m.tile === tile && m.announce === true);
    return this.send({ type: 'play', tile, on, ...(announce && offered ? { announce: true } : {}) });
  }

  /** Sends a move decided on the view shown; with the network cut, queues it for the reconnect (offline-moves.ts). */
  send(move: Move): Promise<void> {
    const now = () => this.command((version) => this.api.move(this.gameId, version, move));
    return sendOrQueue(this.gameId, this.store.get().view?.version, move, now, (notice) =>
      this.store.set({ notice, selected: null }),
    );
  }

  /** Seats a bot in the lowest free seat (the creator's button while the game waits for players). */
  addBot(): Promise<void> {
    return this.command((version) => this.api.addBot(this.gameId, version));
  }

  /** Cancels the game while it waits for players (the creator's button): the page then shows it cancelled. */
  cancel(): Promise<void> {
    return this.command((version) => this.api.cancel(this.gameId, version));
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
      return failureText(error);
    }
  }

  /** The game's watch links: made, listed and revoked by any seated player (not commands on the game). */
  readonly watchLinks = {
    list: () => this.api.watchLinks(this.gameId),
    make: () => this.api.createWatchLink(this.gameId),
    revoke: (linkId: string) => this.api.revokeWatchLink(this.gameId, linkId),
    /** Why a watch-link request failed, in the words the page uses for any refusal. */
    problem: (error: unknown) => failureText(error),
  };

  /**
   * Any command on the version shown: its game becomes the view at once (with a hand's end it caused),
   * and its commits are read by version for the story; a refusal is said.
   */
  private async command(send: (version: number) => Promise<CommandReply>): Promise<void> {
    const { view, busy } = this.store.get();
    if (!view || busy) return;
    this.store.set({ busy: true, problem: null, notice: null });
    try {
      const reply = await send(view.version);
      this.show(reply.game, { busy: false, selected: null, ...this.moment(reply.game, reply.events) });
      void this.catchUp();
    } catch (error) {
      this.store.set({ problem: failureText(error), busy: false });
      if (error instanceof ApiError && error.status === 412) await this.refresh();
    }
  }
}
