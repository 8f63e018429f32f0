import { describe, expect, it } from 'vitest';
import { legalMoves } from './legal-moves';
import type { RulesetOptions } from './ruleset';
import { Scenario } from './scenario';

// Double-6, four spokes. Seat 0 places 6-6; seat 1 holds one 6 (6-4), so its only legal move is 6-4 on
// the root; then seat 0 holds two 6s, a choice.
function oneSix(rules: RulesetOptions = {}) {
  return new Scenario({
    rules: { set: 6, spokes: 4, chickenlittle: 'off', ...rules },
    deals: [
      {
        hands: [
          ['6-6', '6-5', '6-3', '1-1'],
          ['6-4', '2-2', '3-3', '0-0'],
        ],
      },
    ],
  });
}

describe('autoPlay (option)', () => {
  it('off (default): the seat makes even its only play itself', () => {
    const game = oneSix();
    expect(game.state.rules?.autoPlay).toBe('off');
    expect(game.state.hand?.turn).toBe(1);
    expect(legalMoves(game.state, 1)).toEqual([{ type: 'play', tile: '6-4', on: 0 }]);
  });

  it('only-move: the server makes a play that is the seat’s only legal move, and records it as forced', () => {
    const game = oneSix({ autoPlay: 'only-move' });
    expect(game.history.slice(-2)).toEqual([
      { type: 'RootPlaced', seat: 0, tile: '6-6' },
      { type: 'TilePlayed', seat: 1, tile: '6-4', on: 0, id: 1, suit: 6, forced: true },
    ]);
    // Seat 0 has two plays: it chooses.
    expect(game.state.hand?.turn).toBe(0);
    expect(legalMoves(game.state, 0)).toEqual([
      { type: 'play', tile: '6-5', on: 0 },
      { type: 'play', tile: '6-3', on: 0 },
    ]);
  });

  it('only-move: a forced play that leaves one tile under callout is announced for the player', () => {
    const game = new Scenario({
      rules: { set: 6, spokes: 4, autoPlay: 'only-move' },
      deals: [
        {
          hands: [
            ['6-6', '6-5', '1-1'],
            ['6-4', '6-3', '2-2'],
          ],
        },
      ],
    });
    // Seat 1 chooses 6-4; seat 0's only play is then 6-5, and seat 1's after it 6-3.
    expect(game.play(1, '6-4', 0).slice(0, 5)).toEqual([
      { type: 'TilePlayed', seat: 1, tile: '6-4', on: 0, id: 1, suit: 6, forced: false },
      { type: 'TilePlayed', seat: 0, tile: '6-5', on: 0, id: 2, suit: 6, forced: true },
      { type: 'ChickenlittleAnnounced', seat: 0, auto: true },
      { type: 'TilePlayed', seat: 1, tile: '6-3', on: 0, id: 3, suit: 6, forced: true },
      { type: 'ChickenlittleAnnounced', seat: 1, auto: true },
    ]);
  });

  it('only-move: out-of-turn moves do not count, and a forced play may go out', () => {
    // Seat 0 places the root and holds one tile, unannounced: announcing is open to it, yet its only
    // turn move, 6-5, is made for it when its turn comes, and that is its last tile.
    const game = new Scenario({
      rules: { set: 6, spokes: 4, autoPlay: 'only-move' },
      deals: [
        {
          hands: [
            ['6-6', '6-5'],
            ['6-4', '6-3'],
          ],
        },
      ],
    });
    expect(legalMoves(game.state, 0)).toEqual([{ type: 'announce' }]);
    const events = game.play(1, '6-4', 0);
    expect(events.slice(1, 3)).toEqual([
      { type: 'TilePlayed', seat: 0, tile: '6-5', on: 0, id: 2, suit: 6, forced: true },
      { type: 'HandEnded', hand: 0, reason: 'out', out: 0, scores: [0, 9], hands: [[], ['6-3']] },
    ]);
  });

  it('only-move: a drawn tile under may-play is not forced, since passing is a choice too', () => {
    const game = new Scenario({
      rules: { set: 6, autoPlay: 'only-move', chickenlittle: 'off' },
      deals: [
        {
          hands: [
            ['6-6', '1-1', '2-2'],
            ['5-5', '4-4', '3-3'],
          ],
          boneyard: ['6-5'],
        },
      ],
    });
    expect(game.history.at(-1)).toEqual({ type: 'TileDrawn', seat: 1, tile: '6-5', reason: 'turn', forced: true });
    expect(legalMoves(game.state, 1)).toEqual([{ type: 'play', tile: '6-5', on: 0 }, { type: 'pass' }]);
  });
});
