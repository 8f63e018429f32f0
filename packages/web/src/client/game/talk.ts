import { ApiError, type Api, type GameMessage } from '../api';
import { pauseAfter, sleep, visible, WAIT_SECONDS } from './live';
import { Observable } from './observable';

/** What the table-talk box shows. */
export interface TalkState {
  /** The first read has come back. */
  readonly loaded: boolean;
  /** What was said, oldest first. */
  readonly messages: readonly GameMessage[];
  /** This player mutes the table: no messages come. */
  readonly muted: boolean;
  /** A message or a mute is on its way. */
  readonly busy: boolean;
  /** The last refusal or failure, in the API's words. */
  readonly problem: string | null;
}

const said = (error: unknown) =>
  error instanceof ApiError ? error.detail : 'The table cannot be reached just now: try again in a moment.';

/**
 * The messages beside a game: reads what was said, then long-polls for more while the tab is visible
 * (`GET …/messages?after=<seq>&wait=20`: a message is seen as soon as it is posted, as a move is), and
 * reads again after this player says something; says things and mutes. Kept apart from the game's
 * controller: messages are not commits and never hold a move up.
 */
export class Talk {
  readonly store = new Observable<TalkState>({ loaded: false, messages: [], muted: false, busy: false, problem: null });
  /** The newest message read: where the next read resumes. */
  private seq = 0;

  constructor(
    private readonly api: Api,
    readonly gameId: string,
  ) {}

  /** Reads the messages now, then keeps waiting for more for as long as the page is open. */
  async start(): Promise<void> {
    // What was said so far, at once (a wait would leave the box loading until someone speaks).
    await this.read();
    let backoff = 1000;
    for (;;) {
      await visible();
      const started = Date.now();
      try {
        const before = this.seq;
        await this.#pages(WAIT_SECONDS);
        backoff = 1000;
        if (this.seq === before) await sleep(pauseAfter(Date.now() - started));
      } catch (error) {
        const wait = error instanceof ApiError && error.retryAfter ? error.retryAfter * 1000 : backoff;
        backoff = Math.min(backoff * 2, 30_000);
        await sleep(wait);
      }
    }
  }

  /** Reads every message after the newest one read (a page at a time); a failure keeps what the box has. */
  async read(): Promise<void> {
    await this.#pages(0).catch(() => undefined);
  }

  /**
   * Reads every message after the newest one read, the first page waiting up to `wait` seconds for one.
   * A message already shown is never shown twice (the long-poll and a read after saying something may
   * both bring it).
   */
  async #pages(wait: number): Promise<void> {
    for (let first = true; ; first = false) {
      const page = await this.api.messages(this.gameId, this.seq, first ? wait : 0);
      const fresh = page.messages.filter((m) => m.seq > this.seq);
      this.seq = Math.max(this.seq, page.seq);
      const { messages } = this.store.get();
      this.store.set({
        loaded: true,
        muted: page.muted,
        messages: fresh.length > 0 ? [...messages, ...fresh] : messages,
      });
      if (page.next === null) return;
    }
  }

  /** Says `text` to the table; true when it was posted (then it is read back with any others). */
  async say(text: string): Promise<boolean> {
    if (this.store.get().busy) return false;
    this.store.set({ busy: true, problem: null });
    try {
      await this.api.say(this.gameId, text);
      await this.read();
      this.store.set({ busy: false });
      return true;
    } catch (error) {
      this.store.set({ busy: false, problem: said(error) });
      return false;
    }
  }

  /** Mutes or unmutes the table for this player; unmuted, the messages are read again from the first. */
  async setMuted(muted: boolean): Promise<void> {
    this.store.set({ busy: true, problem: null });
    try {
      await this.api.mute(this.gameId, muted);
      this.seq = 0;
      this.store.set({ muted, messages: [] });
      await this.read();
      this.store.set({ busy: false });
    } catch (error) {
      this.store.set({ busy: false, problem: said(error) });
    }
  }
}
