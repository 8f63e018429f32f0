import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import { redactEvent } from './redact';
import { Scenario } from './scenario';
import { viewFor } from './view';

// Double-6, four spokes. After the root fills, 3-2, 3-1 and 3-0 join 6-3 on the table, so when
// seat 0 lays 3-3 only two 3s are left (5-3 and 4-3): its third toe can never be placed.
function unfillableFoot(seat0Extra: string[], seat1Extra: string[], doubleBlank?: 0 | 25 | 50) {
  const game = new Scenario({
    rules: { set: 6, spokes: 4, chickenlittle: 'off', ...(doubleBlank === undefined ? {} : { doubleBlank }) },
    deals: [
      {
        hands: [
          ['6-6', '6-3', '6-2', '3-1', '3-3', '4-3', ...seat0Extra],
          ['6-4', '6-1', '3-2', '3-0', '5-3', ...seat1Extra],
        ],
      },
    ],
  });
  game.play(1, '6-4', 0); // id 1, exposes 4
  game.play(0, '6-3', 0); // id 2, exposes 3
  game.play(1, '6-1', 0); // id 3, exposes 1
  game.play(0, '6-2', 0); // id 4, exposes 2: the root is full
  game.play(1, '3-2', 4); // id 5, exposes 3
  game.play(0, '3-1', 3); // id 6, exposes 3
  game.play(1, '3-0', 5); // id 7, exposes 0
  game.play(0, '3-3', 2); // id 8: needs three toes, two 3s remain
  game.play(1, '5-3', 8); // first toe
  return game;
}

describe('the end of a hand', () => {
  it('blocked: with a foot that cannot be filled, play goes on until the boneyard is drawn out, then everyone scores', () => {
    const game = unfillableFoot(['0-0'], ['5-5', '2-1']);
    const events = game.play(0, '4-3', 8); // second toe: no 3 left anywhere
    const end = events.findIndex((e) => e.type === 'HandEnded');
    // Seat 1, then seat 0, draw the 14 boneyard tiles one by one (none is a 3) and pass each time.
    const handZero = events.slice(0, end);
    expect(handZero.filter((e) => e.type === 'TileDrawn')).toHaveLength(14);
    expect(handZero.filter((e) => e.type === 'TurnPassed')).toHaveLength(14);
    // Every seat's tiles left are turned face up: 0-0 (50) + 6-0 5-2 5-0 4-2 4-0 2-0 1-0 (31) = 81;
    // 5-5 2-1 + 6-5 5-4 5-1 4-4 4-1 2-2 1-1 = 58.
    expect(events[end]).toEqual({
      type: 'HandEnded',
      hand: 0,
      reason: 'blocked',
      out: null,
      scores: [81, 58],
      hands: [
        ['0-0', '6-0', '5-2', '5-0', '4-2', '4-0', '2-0', '1-0'],
        ['5-5', '2-1', '6-5', '5-4', '5-1', '4-4', '4-1', '2-2', '1-1'],
      ],
    });
    expect(events[end + 1]).toMatchObject({ type: 'HandDealt', hand: 1, dealer: 1, opener: '5-5' });
    expect(game.state.totals).toEqual([81, 58]);
  });

  it('the tiles left are shown to every viewer with the hand’s record; the boneyard stays hidden', () => {
    const game = unfillableFoot([], ['5-5']);
    const boneyard = game.state.hand!.boneyard.slice(game.state.hand!.drawn);
    const ended = game.play(0, '4-3', 8).find((e) => e.type === 'HandEnded');
    const record = { index: 0, dealer: 0, opener: '6-6', reason: 'out', out: 0, scores: [0, 10], hands: [[], ['5-5']] };
    expect(game.state.pastHands).toEqual([record]);
    for (const viewer of [0, 1, null]) {
      expect(viewFor(game.state, viewer).pastHands).toEqual([record]);
      expect(redactEvent(ended!, viewer)).toBe(ended);
    }
    expect(Object.keys(ended!).sort()).toEqual(['hand', 'hands', 'out', 'reason', 'scores', 'type']);
    const shown = new Set(JSON.stringify(game.state.pastHands).match(/\d+-\d+/g));
    expect(boneyard.filter((tile) => shown.has(tile))).toEqual([]);
  });

  it('a player can still go out while that stalemate is pending', () => {
    const game = unfillableFoot([], ['5-5']);
    const events = game.play(0, '4-3', 8); // seat 0's last tile
    expect(events[1]).toEqual({
      type: 'HandEnded',
      hand: 0,
      reason: 'out',
      out: 0,
      scores: [0, 10],
      hands: [[], ['5-5']],
    });
  });

  it.each([
    [50, 50],
    [25, 25],
    [0, 0],
  ] as const)('the double-blank counts %i points (going out scores 0)', (doubleBlank, expected) => {
    const game = unfillableFoot([], ['0-0'], doubleBlank);
    const events = game.play(0, '4-3', 8);
    // Seat 1 is left holding only 0-0.
    expect(events[1]).toEqual({
      type: 'HandEnded',
      hand: 0,
      reason: 'out',
      out: 0,
      scores: [0, expected],
      hands: [[], ['0-0']],
    });
  });

  it('after the last hand the lowest total wins, and equal lowest totals share the win', () => {
    // A hand size of 1: each hand's opener is held, its holder places it and is out at once.
    const deals = (last: string) => [
      { hands: [['6-6'], ['2-1']] }, // seat 1 +3
      { hands: [['2-1'], ['5-5']] }, // seat 0 +3
      { hands: [['4-4'], ['1-0']] }, // seat 1 +1
      { hands: [['1-0'], ['3-3']] }, // seat 0 +1
      { hands: [['2-2'], ['2-0']] }, // seat 1 +2
      { hands: [['6-0'], ['1-1']] }, // seat 0 +6
      { hands: [['0-0'], [last]] }, // seat 1 +4 or +5
    ];
    const tied = new Scenario({ rules: { set: 6, handSize: 1 }, deals: deals('4-0') });
    const ends = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'HandEnded');
    expect(ends(tied.history)).toHaveLength(7);
    expect(tied.history.at(-1)).toEqual({ type: 'GameEnded', totals: [10, 10], winners: [0, 1] });
    expect(tied.state.status).toBe('finished');
    expect(tied.state.handScores).toEqual([
      [0, 3],
      [3, 0],
      [0, 1],
      [1, 0],
      [0, 2],
      [6, 0],
      [0, 4],
    ]);
    expect(tied.refuse(0, { type: 'pass' })).toMatchObject({ code: 'rules/game-finished' });

    const won = new Scenario({ rules: { set: 6, handSize: 1 }, deals: deals('5-0') });
    expect(won.history.at(-1)).toEqual({ type: 'GameEnded', totals: [10, 11], winners: [0] });
  });
});
