import { legalMoves, seededRandom } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { playBotGame } from './bot-game';
import { chooseMove } from './choose-move';
import { Table } from './fixtures';
import { strongSearch } from './strong-bot';

// A clock that moves on 1 ms each time it is read: the search then depends on the seed alone.
function tickingClock() {
  let t = 0;
  return () => t++;
}

// Double-9, two seats, four spokes. Seat 1 places 9-9; the spokes 9-6, 9-3, 9-1, 9-0 fill the root; seat 0
// puts 6-1 on the 1 (a second 6 end). Seat 1, holding 8-7 and 8-5, draws 7-5 and passes. Seat 0 holds 6-6
// and 3-2: the 6-6 first opens three toes of 6 that its 3-2 cannot fill, so it would not go out for long;
// the 3-2 first leaves two 6 ends, and seat 1 can cover at most one, so the 6-6 goes out next turn.
function outNextTurn() {
  return new Table(
    {
      hands: [
        ['9-6', '9-1', '6-1', '6-6', '3-2'],
        ['9-9', '9-3', '9-0', '8-7', '8-5'],
      ],
      boneyard: ['7-5'],
    },
    { spokes: 4 },
  )
    .play(0, '9-6', 0)
    .play(1, '9-3', 0)
    .play(0, '9-1', 0)
    .play(1, '9-0', 0)
    .play(0, '6-1', 3);
}

describe('the strong bot', () => {
  it('given a line that goes out next turn, when greedy sheds the bigger double, then it plays for going out', () => {
    const table = outNextTurn();
    expect(table.state.hand?.turn).toBe(0);
    expect(table.state.hand?.hands[0]).toEqual(['6-6', '3-2']);
    expect(chooseMove(table.input(0, 'greedy'))).toMatchObject({ tile: '6-6' });
    const search = strongSearch(table.input(0, 'strong', { budgetMs: 300, now: tickingClock() }));
    expect(search.move).toEqual({ type: 'play', tile: '3-2', on: 2, announce: true });
    expect(search.playouts).toBeGreaterThan(100);
  });

  it('given its last tile fits, goes out at once without searching', () => {
    const table = outNextTurn().move(0, { type: 'play', tile: '3-2', on: 2, announce: true });
    // Seat 1 drew again and passed; seat 0's 6-6 fits either 6 end.
    const search = strongSearch(table.input(0, 'strong', { now: tickingClock() }));
    expect(search).toMatchObject({ move: { type: 'play', tile: '6-6' }, playouts: 0 });
  });

  it('never returns an illegal move: every move of whole games is one of the seat’s legal moves', () => {
    for (const [seed, levels] of [
      [1, ['strong', 'strong']],
      [2, ['strong', 'greedy', 'random', 'strong']],
    ] as const) {
      const seen = { searched: 0, moved: 0, declined: 0 };
      playBotGame({
        levels,
        rules: { set: 6 },
        random: seededRandom(seed),
        budgetMs: 8,
        now: tickingClock(),
        choose: (input) => {
          const search = strongSearch(input);
          if (search.playouts > 0) seen.searched++;
          if (search.move === null) {
            // No move is a bot declining to act out of turn (an announce or call-out it could make).
            expect(input.view.hand?.turn).not.toBe(input.view.viewer);
            seen.declined++;
          } else {
            expect(input.view.legalMoves).toContainEqual(search.move);
            seen.moved++;
          }
          return search.move;
        },
      });
      expect(seen.searched).toBeGreaterThan(10);
      // The legality check above ran on every move of the game, not on none of them.
      expect(seen.moved).toBeGreaterThan(100);
    }
  });

  it('out of turn, announces and calls out like greedy, and otherwise does nothing', () => {
    const table = outNextTurn();
    expect(legalMoves(table.state, 1)).toEqual([]);
    expect(chooseMove(table.input(1, 'strong', { now: tickingClock() }))).toBeNull();
  });
});
