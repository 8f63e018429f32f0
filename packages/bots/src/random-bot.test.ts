import { seededRandom } from '@chickenfoot/rules';
import { describe, expect, it } from 'vitest';
import { chooseMove } from './choose-move';
import { Table } from './fixtures';

// Double-6, two seats, six spokes: after the root, seat 1 holds four 6s, each of which fits the root.
function fourChoices() {
  return new Table(
    {
      hands: [
        ['6-6', '5-5', '4-4', '3-3', '2-2'],
        ['6-5', '6-4', '6-3', '6-2', '1-0'],
      ],
    },
    { set: 6 },
  );
}

describe('the random bot', () => {
  it('picks uniformly among its legal turn moves, from the injected randomness only', () => {
    const table = fourChoices();
    const counts = new Map<string, number>();
    const random = seededRandom(3);
    for (let i = 0; i < 4000; i++) {
      const move = chooseMove(table.input(1, 'random', { random }));
      const key = move?.type === 'play' ? move.tile : String(move);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['6-2', '6-3', '6-4', '6-5']);
    for (const n of counts.values()) expect(n).toBeGreaterThan(900); // 1,000 each expected
    // The same seed, the same choices.
    const again = (seed: number) =>
      Array.from({ length: 20 }, () => chooseMove(table.input(1, 'random', { random: seededRandom(seed) })));
    expect(again(5)).toEqual(again(5));
  });

  it('announces when it may, and calls a lapse out only some of the times it is offered', () => {
    const table = new Table(
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
      .play(2, '6-3', 0)
      .play(0, '6-5', 0)
      .play(2, '6-2', 0);
    expect(chooseMove(table.input(0, 'random'))).toEqual({ type: 'announce' });
    const random = seededRandom(9);
    const calls = Array.from({ length: 200 }, () => chooseMove(table.input(1, 'random', { random })));
    const called = calls.filter((m) => m?.type === 'callout').length;
    expect(calls.every((m) => m === null || (m.type === 'callout' && m.seat === 0))).toBe(true);
    expect(called).toBeGreaterThan(60);
    expect(called).toBeLessThan(140);
  });
});
