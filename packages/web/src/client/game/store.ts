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
  /** The hand it happened in (0 for the first); null before the first deal. */
  readonly hand: number | null;
}

/** Everything the game page shows, in one place; the views read it, the controller changes it. */
export interface GameState {
  readonly phase: 'loading' | 'ready' | 'missing' | 'signed-out';
  readonly view: Game | null;
  /** The tile picked in the hand, waiting for an end. */
  readonly selected: string | null;
  /** Say "Chickenlittle!" with a play that leaves one tile: yes by default, the player may say not. */
  readonly announce: boolean;
  /** The last refusal, in the API's words. */
  readonly problem: string | null;
  /** Something done to this seat that needs saying in words (a call-out), until the next move. */
  readonly notice: string | null;
  /** A move is on its way. */
  readonly busy: boolean;
  /** The game's story as this reader heard it, each commit once, oldest first. */
  readonly story: readonly NewsEntry[];
  /** The version this browser last showed its player before this visit; null on a first visit. */
  readonly seenBefore: number | null;
  /** The version the page opened at: what came after it happened while the page was open. */
  readonly loadedAt: number;
  /** A hand that ended while the player looked away or played: shown until they go on to the next. */
  readonly ended: { readonly hand: number } | null;
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
      announce: true,
      problem: null,
      notice: null,
      busy: false,
      story: [],
      seenBefore: null,
      loadedAt: 0,
      ended: null,
      zoom: null,
      aspect: 1,
      online: true,
    });
  }
}
