import type { Game } from '../api';
import { Observable } from './observable';

/** One line of what happened: the commit it came in, when, and the sentence. */
export interface NewsEntry {
  /** The commit's version and the event's place in it: one entry's own, for the list's keys. */
  readonly key: string;
  readonly version: number;
  readonly at: string;
  readonly text: string;
  /** A hand's end or the game's: shown stronger. */
  readonly milestone: boolean;
}

/** Everything the game page shows, in one place; the views read it, the controller changes it. */
export interface GameState {
  readonly phase: 'loading' | 'ready' | 'missing' | 'signed-out';
  readonly view: Game | null;
  /** The tile picked in the hand, waiting for an end. */
  readonly selected: string | null;
  /** "Chickenlittle!" with the next play (offered when it leaves one tile). */
  readonly announce: boolean;
  /** The last refusal, in the API's words. */
  readonly problem: string | null;
  /** A move is on its way. */
  readonly busy: boolean;
  /** What happened between the last visit and this one (on a first visit, the game so far's end). */
  readonly since: readonly NewsEntry[] | null;
  /** This is the first visit here: `since` is the game so far. */
  readonly sinceFirst: boolean;
  /** What happened while the page was open, oldest first. */
  readonly news: readonly NewsEntry[];
  /** Pixels per half-tile on the board, or null to fit the board in its box. */
  readonly zoom: number | null;
  /** The board box's width over its height, as the layout takes it (`aspectOf`). */
  readonly aspect: number;
  /** Whether the page is keeping up (false while the API cannot be reached). */
  readonly online: boolean;
}

/** The game page's state, observable (see `Observable`). */
export class Store extends Observable<GameState> {
  constructor() {
    super({
      phase: 'loading',
      view: null,
      selected: null,
      announce: false,
      problem: null,
      busy: false,
      since: null,
      sinceFirst: false,
      news: [],
      zoom: null,
      aspect: 1,
      online: true,
    });
  }
}
