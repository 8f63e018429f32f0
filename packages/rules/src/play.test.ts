import { describe, expect, it } from 'vitest';
import { Scenario } from './scenario';

// Double-6, two seats, four spokes. Seat 0 holds 6-6 and places it at the deal; seat 1 plays first.
function fourSpokes() {
  return new Scenario({
    rules: { set: 6, spokes: 4 },
    deals: [
      {
        hands: [
          ['6-6', '6-5', '6-3', '5-1', '5-0', '4-4', '1-0'],
          ['6-4', '6-2', '5-5', '5-2', '4-3', '2-1', '3-3'],
        ],
      },
    ],
  });
}

describe('placing tiles', () => {
  it('a play names the tile and the placement it goes against, and exposes the other half', () => {
    const game = fourSpokes();
    expect(game.play(1, '4-6', 0)).toEqual([
      { type: 'TilePlayed', seat: 1, tile: '6-4', on: 0, id: 1, suit: 6, forced: false },
    ]);
    expect(game.state.hand?.ends).toEqual([
      { id: 0, suit: 6, remaining: 3 },
      { id: 1, suit: 4, remaining: 1 },
    ]);
    expect(game.state.hand?.turn).toBe(0);
  });

  it('four spokes (variant): every play is a spoke until four are placed, then any end takes a tile', () => {
    const game = fourSpokes();
    game.play(1, '6-4', 0);
    expect(game.refuse(0, { type: 'play', tile: '4-4', on: 1 })).toMatchObject({ code: 'rules/must-fill-double' });
    game.play(0, '6-5', 0);
    game.play(1, '6-2', 0);
    game.play(0, '6-3', 0);
    expect(game.state.hand?.mustFill).toBeNull();
    expect(game.state.hand?.ends.find((e) => e.id === 0)).toBeUndefined();
    // The root is full: a fifth 6 has nowhere to go.
    expect(game.refuse(1, { type: 'play', tile: '5-5', on: 0 })).toMatchObject({ code: 'rules/end-closed' });
    game.play(1, '5-5', 2);
    expect(game.state.hand?.mustFill).toBe(5);
  });

  it('six spokes (default): after four spokes play must still go on the root', () => {
    const game = new Scenario({
      rules: { set: 6 },
      deals: [
        {
          hands: [
            ['6-6', '6-5', '6-3', '5-1', '5-0', '4-4', '1-0'],
            ['6-4', '6-2', '6-1', '5-2', '4-3', '2-1', '3-3'],
          ],
          boneyard: ['6-0'],
        },
      ],
    });
    game.play(1, '6-4', 0);
    game.play(0, '6-5', 0);
    game.play(1, '6-2', 0);
    game.play(0, '6-3', 0);
    expect(game.state.hand?.ends.find((e) => e.id === 0)).toEqual({ id: 0, suit: 6, remaining: 2 });
    const refused = game.refuse(1, { type: 'play', tile: '2-1', on: 3 });
    expect(refused).toMatchObject({ code: 'rules/must-fill-double' });
    expect(refused.message).toMatch(/6-6 \(placement 0\) needs 2 more/);
    game.play(1, '6-1', 0);
    // Seat 0 holds no 6 now: it draws from the boneyard automatically.
    expect(game.state.hand?.turn).toBe(0);
    expect(game.state.hand?.drawnTile).toBe('6-0');
    game.play(0, '6-0', 0);
    expect(game.state.hand?.mustFill).toBeNull();
  });

  it('a double forces three toes of its suit before play goes anywhere else', () => {
    const game = fourSpokes();
    game.play(1, '6-4', 0);
    game.play(0, '6-5', 0);
    game.play(1, '6-2', 0);
    game.play(0, '6-3', 0);
    game.play(1, '5-5', 2); // id 5, on the 5 exposed by 6-5
    expect(game.refuse(0, { type: 'play', tile: '4-4', on: 1 })).toMatchObject({ code: 'rules/must-fill-double' });
    game.play(0, '5-1', 5);
    expect(game.refuse(1, { type: 'play', tile: '2-1', on: 3 })).toMatchObject({ code: 'rules/must-fill-double' });
    game.play(1, '5-2', 5);
    expect(game.state.hand?.mustFill).toBe(5);
    game.play(0, '5-0', 5);
    expect(game.state.hand?.mustFill).toBeNull();
    // The foot is complete: any end that matches takes a tile now.
    expect(game.play(1, '4-3', 1)).toEqual([
      { type: 'TilePlayed', seat: 1, tile: '4-3', on: 1, id: 9, suit: 4, forced: false },
    ]);
    expect(game.state.hand?.ends.map((e) => [e.id, e.suit])).toEqual([
      [3, 2],
      [4, 3],
      [6, 1],
      [7, 2],
      [8, 0],
      [9, 3],
    ]);
  });

  it('a double goes only against an end of its own suit', () => {
    const game = fourSpokes();
    const refused = game.refuse(1, { type: 'play', tile: '5-5', on: 0 });
    expect(refused.code).toBe('rules/suit-mismatch');
    expect(refused.message).toMatch(/5-5 has no 6/);
  });

  it('refuses plays that break the rules, with a code and a message, and changes nothing', () => {
    const game = fourSpokes();
    const before = game.state;
    const cases = [
      [0, { type: 'play', tile: '6-5', on: 0 }, 'rules/not-your-turn', /seat 1 \(Player 1\) plays next/],
      [1, { type: 'play', tile: '6-5', on: 0 }, 'rules/not-in-hand', /You do not hold 6-5/],
      [1, { type: 'play', tile: '7-1', on: 0 }, 'rules/invalid-tile', /not a tile of the double-6 set/],
      [1, { type: 'play', tile: 'banana', on: 0 }, 'rules/invalid-tile', /"banana"/],
      [1, { type: 'play', tile: '6-4', on: 4 }, 'rules/unknown-placement', /no placement 4/],
      [1, { type: 'play', tile: '6-4', on: -1 }, 'rules/unknown-placement', /no placement -1/],
      [1, { type: 'play', tile: '6-4', on: 0.5 }, 'rules/unknown-placement', /no placement 0.5/],
      [1, { type: 'play', tile: '2-1', on: 0 }, 'rules/suit-mismatch', /2-1 has no 6/],
      [1, { type: 'draw' }, 'rules/must-play', /must play/],
      [1, { type: 'pass' }, 'rules/must-play', /must play/],
      [7, { type: 'pass' }, 'rules/unknown-seat', /no seat 7/],
    ] as const;
    for (const [seat, move, code, message] of cases) {
      const refused = game.refuse(seat, move);
      expect(refused.code, JSON.stringify(move)).toBe(code);
      expect(refused.message).toMatch(message);
    }
    expect(game.state).toBe(before);
  });

  it('a play of the last 4 of an end leaves that end closed', () => {
    const game = fourSpokes();
    game.play(1, '6-4', 0);
    game.play(0, '6-5', 0);
    game.play(1, '6-2', 0);
    game.play(0, '6-3', 0);
    game.play(1, '4-3', 1);
    expect(game.refuse(0, { type: 'play', tile: '4-4', on: 1 })).toMatchObject({ code: 'rules/end-closed' });
  });
});
