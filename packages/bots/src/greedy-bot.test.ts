import { describe, expect, it } from 'vitest';
import { chooseMove } from './choose-move';
import { Table } from './fixtures';
import { playValue } from './greedy-bot';

// Double-6, two seats, four spokes. Seat 0 places the root; the spokes 6-2, 6-0, 6-3, 6-1 fill it; seat 1
// covers the 3 with 3-1. Seat 0 then holds 0-0, 5-2, 4-4: the 0-0 fits the 0 end, the 5-2 the 2 end.
function blankOrFiveTwo(doubleBlank: 0 | 25 | 50) {
  return new Table(
    {
      hands: [
        ['6-6', '6-0', '6-1', '0-0', '5-2', '4-4'],
        ['6-2', '6-3', '3-1', '5-5', '5-3', '4-3'],
      ],
    },
    { set: 6, spokes: 4, doubleBlank },
  )
    .play(1, '6-2', 0)
    .play(0, '6-0', 0)
    .play(1, '6-3', 0)
    .play(0, '6-1', 0)
    .play(1, '3-1', 3);
}

// Double-6, three seats, four spokes: after 6-4 and 6-3, seat 0 holds 6-5 and 5-1, and only 6-5 fits.
function twoTilesLeft() {
  return new Table(
    {
      hands: [
        ['6-6', '6-5', '5-1'],
        ['6-4', '4-2', '3-0'],
        ['6-3', '6-2', '2-1'],
      ],
      boneyard: ['0-0', '1-1'],
    },
    { set: 6, spokes: 4 },
  )
    .play(1, '6-4', 0)
    .play(2, '6-3', 0);
}

describe('the greedy bot', () => {
  it('given the 0-0 counts 50, when it may play 0-0 or the 5-2, then it sheds the 0-0', () => {
    const table = blankOrFiveTwo(50);
    expect(table.state.hand?.turn).toBe(0);
    expect(chooseMove(table.input(0, 'greedy'))).toEqual({ type: 'play', tile: '0-0', on: 2 });
  });

  it('given the 0-0 counts 0, when it may play 0-0 or the 5-2, then it keeps the 0-0', () => {
    const table = blankOrFiveTwo(0);
    expect(chooseMove(table.input(0, 'greedy'))).toEqual({ type: 'play', tile: '5-2', on: 1 });
  });

  it('of equal pips, prefers the play that leaves an end of a suit it holds', () => {
    const held = ['5-2', '4-3', '2-1', '6-6'];
    // 5-2 on a 5 leaves a 2, and it holds 2-1; 4-3 on a 4 leaves a 3, which it lacks.
    expect(playValue(held, '5-2', { suit: 5, remaining: 1 }, 50)).toBeGreaterThan(
      playValue(held, '4-3', { suit: 4, remaining: 1 }, 50),
    );
  });

  it('of equal pips and nothing to follow, covers a high end and leaves a low one', () => {
    const held = ['6-1', '5-2', '0-0'];
    // 6-1 on a 6 closes the 6 and leaves a 1; 5-2 on a 2 leaves a 5 that others can shed their 5s on.
    expect(playValue(held, '6-1', { suit: 6, remaining: 1 }, 50)).toBeGreaterThan(
      playValue(held, '5-2', { suit: 2, remaining: 1 }, 50),
    );
  });

  it('going out beats any pips', () => {
    expect(playValue(['1-0'], '1-0', { suit: 1, remaining: 1 }, 50)).toBeGreaterThan(
      playValue(['0-0', '9-9'], '9-9', { suit: 9, remaining: 1 }, 50),
    );
  });

  it('announces Chickenlittle with the play that leaves it one tile', () => {
    expect(chooseMove(twoTilesLeft().input(0, 'greedy'))).toEqual({ type: 'play', tile: '6-5', on: 0, announce: true });
  });

  it('given another seat forgot to announce and a tile was placed since, calls the lapse out', () => {
    const table = twoTilesLeft().play(0, '6-5', 0).play(2, '6-2', 0);
    expect(table.state.hand?.chickenlittle[0]).toBe('vulnerable');
    expect(chooseMove(table.input(1, 'greedy'))).toEqual({ type: 'callout', seat: 0 });
    // ...and the forgetful seat announces as soon as it is asked, out of turn.
    expect(chooseMove(table.input(0, 'greedy'))).toEqual({ type: 'announce' });
  });

  it('out of turn with nothing to do, does nothing', () => {
    const table = twoTilesLeft();
    expect(chooseMove(table.input(1, 'greedy'))).toBeNull();
  });
});
