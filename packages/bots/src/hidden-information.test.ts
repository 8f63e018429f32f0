import { BOT_LEVELS, seededRandom } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { chooseMove } from './choose-move';
import { Table } from './fixtures';
import { strongSearch } from './strong-bot';

// The same game as seat 0 sees it, twice: seat 1's tiles and the boneyard differ (in both, seat 1 has
// no 6, 3 or 0 when it must draw, and draws a tile that does not fit). Seat 0 holds 6-6 and 3-2.
function game(seat1: readonly string[], drawn: string) {
  return new Table({ hands: [['9-6', '9-1', '6-1', '6-6', '3-2'], seat1], boneyard: [drawn] }, { spokes: 4 })
    .play(0, '9-6', 0)
    .play(1, '9-3', 0)
    .play(0, '9-1', 0)
    .play(1, '9-0', 0)
    .play(0, '6-1', 3);
}

function tickingClock() {
  let t = 0;
  return () => t++;
}

describe('a bot sees only what its seat may see', () => {
  const a = game(['9-9', '9-3', '9-0', '8-7', '8-5'], '7-5');
  const b = game(['9-9', '9-3', '9-0', '8-4', '7-4'], '8-8');

  it('the two games differ in hidden tiles only', () => {
    expect(a.state.hand?.hands[1]).not.toEqual(b.state.hand?.hands[1]);
    expect(a.state.hand?.boneyard).not.toEqual(b.state.hand?.boneyard);
    expect(a.state).not.toEqual(b.state);
    expect(a.input(0, 'strong').view).toEqual(b.input(0, 'strong').view);
    expect(a.input(0, 'strong').log).toEqual(b.input(0, 'strong').log);
  });

  it.each(BOT_LEVELS)('a %s bot makes the same decision in both', (level) => {
    const extra = () => ({ random: seededRandom(4), now: tickingClock(), budgetMs: 200 });
    const moveA = chooseMove(a.input(0, level, extra()));
    expect(moveA).not.toBeNull();
    expect(chooseMove(b.input(0, level, extra()))).toEqual(moveA);
  });

  it('the strong bot’s whole search is the same in both, down to the number of playouts', () => {
    const extra = () => ({ random: seededRandom(8), now: tickingClock(), budgetMs: 200 });
    expect(strongSearch(b.input(0, 'strong', extra()))).toEqual(strongSearch(a.input(0, 'strong', extra())));
  });
});
