import { ApiError, type Api, type GameMessage } from '../api';
import { sleep, visible } from './live';
import { Observable } from './observable';

/** How soon an open page looks for new messages again, in ms (they are not in the game's events)... */
const TALK_POLL_MS = 15_000;
/** ...and the longest it waits once the table has been quiet for a while. */
const TALK_QUIET_MS = 120_000;

/**
 * The wait before the next look, after `quiet` looks in a row found nothing: 15 s after one, then
 * doubling up to two minutes, so an idle page costs a look every two minutes; anything said, by this
 * player or another, or a move in the game, brings it back to 15 s.
 * @example nextLook(0) // 15_000; nextLook(3) // 60_000
 */
export function nextLook(quiet: number): number {
  return Math.min(TALK_QUIET_MS, TALK_POLL_MS * 2 ** Math.max(0, quiet - 1));
}

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
 * The messages beside a game: reads what was said, then looks again while the tab is visible, every
 * 15 s while the table is lively and less often as it stays quiet (see `nextLook`), and after this
 * player says something; says things and mutes. Kept apart from the game's controller: messages are not commits and never hold a move up.
 */
export class Talk {
  readonly store = new Observable<TalkState>({ loaded: false, messages: [], muted: false, busy: false, problem: null });
  /** The newest message read: where the next read resumes. */
  private seq = 0;
  /** Looks in a row that found nothing new (see `nextLook`). */
  private quiet = 0;
  /** Ends the current wait early (set while waiting). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly api: Api,
    readonly gameId: string,
  ) {}

  /** Reads the messages now, then keeps looking for as long as the page is open. */
  async start(): Promise<void> {
    for (;;) {
      const before = this.seq;
      await this.read();
      this.quiet = this.seq > before ? 0 : this.quiet + 1;
      await Promise.race([sleep(nextLook(this.quiet)), new Promise<void>((resolve) => (this.wake = resolve))]);
      this.wake = null;
      await visible();
    }
  }

  /** Something happened at the table (a move): look again soon, and at the lively pace from then on. */
  nudge(): void {
    if (this.quiet <= 1) return;
    this.quiet = 0;
    this.wake?.();
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
      this.quiet = 0;
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
