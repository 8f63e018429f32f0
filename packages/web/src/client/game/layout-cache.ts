import { layoutBoard, type BoardLayout } from '../../board/layout';
import type { Game } from '../api';

/** The board of the latest view laid out, kept while the board and its box's shape do not change. */
export class LayoutCache {
  #last: { key: string; layout: BoardLayout } | null = null;

  /** The layout of `view`'s board for a box of `aspect` (null between hands). */
  of(view: Game, aspect: number): BoardLayout | null {
    const hand = view.hand;
    if (!hand) return null;
    const key = `${hand.index}:${hand.board.length}:${JSON.stringify(hand.openEnds)}:${aspect}`;
    if (this.#last?.key !== key)
      this.#last = { key, layout: layoutBoard(hand.board, hand.openEnds, view.rules, aspect) };
    return this.#last.layout;
  }
}
