import { ApiError, type Api, type GameMessage } from '../api';
import { sleep, visible } from './live';
import { Observable } from './observable';

/** How often an open page looks for new messages, in ms (they are not in the game's events). */
export const TALK_POLL_MS = 15_000;

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
 * The messages beside a game: reads what was said, then looks again every 15 s while the tab is
 * visible (at once when it is shown again, and after this player says something); says things and
 * mutes. Kept apart from the game's controller: messages are not commits and never hold a move up.
 */
export class Talk {
  readonly store = new Observable<TalkState>({ loaded: false, messages: [], muted: false, busy: false, problem: null });
  /** The newest message read: where the next read resumes. */
  private seq = 0;

  constructor(
    private readonly api: Api,
    readonly gameId: string,
  ) {}

  /** Reads the messages now, then keeps looking for as long as the page is open. */
  async start(): Promise<void> {
    for (;;) {
      await this.read();
      await sleep(TALK_POLL_MS);
      await visible();
    }
  }

  /** Reads every message after the newest one read (a page at a time). */
  async read(): Promise<void> {
    try {
      for (;;) {
        const page = await this.api.messages(this.gameId, this.seq);
        this.seq = page.seq;
        const { messages } = this.store.get();
        this.store.set({
          loaded: true,
          muted: page.muted,
          messages: page.messages.length > 0 ? [...messages, ...page.messages] : messages,
        });
        if (page.next === null) return;
      }
    } catch {
      // The next look tries again; the box keeps what it has.
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
