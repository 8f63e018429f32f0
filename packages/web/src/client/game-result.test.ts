import { describe, expect, it } from 'vitest';
import type { Game } from './api';
import { resultLine } from './game-result';

/** A finished game's view, the fields the line reads. */
const view = (winners: number[] | null, totals: number[], yourSeat = 0) =>
  ({
    yourSeat,
    winners,
    totals,
    seats: totals.map((_, seat) => ({
      seat,
      player: seat === 2 ? null : { id: `p${seat}`, name: ['Ann', 'Bob'][seat]! },
      bot: seat === 2 ? 'greedy' : null,
      left: false,
    })),
  }) as unknown as Game;

describe('resultLine', () => {
  it('names the winners and every total, lowest first, the viewer as You', () => {
    expect(resultLine(view([1], [50, 12, 77]))).toBe('Bob won: Bob 12, You 50, Greedy bot 3 77');
    expect(resultLine(view([0, 1], [30, 30, 31], 1))).toBe('Ann and You won: Ann 30, You 30, Greedy bot 3 31');
    expect(resultLine(view(null, [0, 0, 0]))).toBeNull();
  });
});
