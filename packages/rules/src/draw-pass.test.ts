import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { evolve } from './evolve';
import { legalMoves } from './legal-moves';
import { Scenario } from './scenario';
import { initialState } from './state';

// Seat 1 holds no 6 when the root 6-6 goes down, so it draws at once; the boneyard's top is 6-5.
function drawsAPlayableTile(drawnTile: 'may-play' | 'must-play') {
  return new Scenario({
    rules: { set: 6, drawnTile, chickenlittle: 'off' },
    deals: [
      {
        hands: [
          ['6-6', '1-1', '2-2'],
          ['5-5', '4-4', '3-3'],
        ],
        boneyard: ['6-5', '0-0', '6-4'],
      },
    ],
  });
}

describe('drawing and passing', () => {
  it('with nothing playable the seat draws at once; a playable drawn tile (may-play) is played or passed', () => {
    const game = drawsAPlayableTile('may-play');
    expect(game.history.at(-1)).toEqual({ type: 'TileDrawn', seat: 1, tile: '6-5', reason: 'turn', forced: true });
    expect(legalMoves(game.state, 1)).toEqual([{ type: 'play', tile: '6-5', on: 0 }, { type: 'pass' }]);
    expect(game.refuse(1, { type: 'draw' })).toMatchObject({ code: 'rules/already-drew' });
    expect(game.refuse(1, { type: 'play', tile: '4-4', on: 0 })).toMatchObject({ code: 'rules/must-play-drawn' });

    // Passing hands the turn on; seat 0 has no 6 either, draws 0-0 (no use) and passes: both forced.
    expect(game.move(1, { type: 'pass' })).toEqual([
      { type: 'TurnPassed', seat: 1, forced: false },
      { type: 'TileDrawn', seat: 0, tile: '0-0', reason: 'turn', forced: true },
      { type: 'TurnPassed', seat: 0, forced: true },
    ]);
    // Back to seat 1, who still holds 6-5: now it must be played (there is no voluntary pass).
    expect(game.state.hand?.turn).toBe(1);
    expect(game.refuse(1, { type: 'pass' })).toMatchObject({ code: 'rules/must-play' });
    expect(game.play(1, '6-5', 0)[0]).toMatchObject({ type: 'TilePlayed', tile: '6-5' });
  });

  it('may-play: the drawn tile may also be played at once', () => {
    const game = drawsAPlayableTile('may-play');
    expect(game.play(1, '5-6', 0)[0]).toEqual({
      type: 'TilePlayed',
      seat: 1,
      tile: '6-5',
      on: 0,
      id: 1,
      suit: 6,
      forced: false,
    });
  });

  it('must-play: a drawn tile that fits exactly one end is played by the server at once (a forced move)', () => {
    const game = drawsAPlayableTile('must-play');
    const root = game.history.findIndex((e) => e.type === 'RootPlaced');
    expect(game.history.slice(root + 1, root + 3)).toEqual([
      { type: 'TileDrawn', seat: 1, tile: '6-5', reason: 'turn', forced: true },
      { type: 'TilePlayed', seat: 1, tile: '6-5', on: 0, id: 1, suit: 6, forced: true },
    ]);
    // Every seat goes on drawing a 6 in turn, each played for them, until the root is filled and seat 0
    // holds tiles for several ends: its choice.
    expect(game.state.hand?.turn).toBe(0);
    expect(legalMoves(game.state, 0).length).toBeGreaterThan(1);
  });

  it('must-play still lets the player choose where, when the drawn tile fits more than one end', () => {
    const game = new Scenario({
      rules: { set: 6, spokes: 4, drawnTile: 'must-play', chickenlittle: 'off' },
      deals: [
        {
          hands: [
            ['6-6', '6-5', '6-3', '4-4'],
            ['6-2', '6-1', '4-0', '0-0'],
          ],
          boneyard: ['5-3'],
        },
      ],
    });
    game.play(1, '6-2', 0);
    game.play(0, '6-5', 0);
    game.play(1, '6-1', 0);
    const events = game.play(0, '6-3', 0);
    expect(events.at(-1)).toEqual({ type: 'TileDrawn', seat: 1, tile: '5-3', reason: 'turn', forced: true });
    expect(legalMoves(game.state, 1)).toEqual([
      { type: 'play', tile: '5-3', on: 2 },
      { type: 'play', tile: '5-3', on: 4 },
    ]);
    const refused = game.refuse(1, { type: 'pass' });
    expect(refused.code).toBe('rules/must-play');
    expect(refused.message).toMatch(/play 5-3/);
    expect(game.play(1, '5-3', 4)[0]).toMatchObject({ on: 4, suit: 3 });
  });

  it('forced draws and passes chain through several seats after one play', () => {
    const game = new Scenario({
      rules: { set: 6, chickenlittle: 'off' },
      deals: [
        {
          hands: [
            ['6-6', '1-1', '2-2'],
            ['6-5', '6-4', '3-3'],
            ['1-0', '2-0', '3-0'],
            ['2-1', '3-1', '4-1'],
          ],
          boneyard: ['5-5', '4-4', '6-3'],
        },
      ],
    });
    expect(game.play(1, '6-5', 0)).toEqual([
      { type: 'TilePlayed', seat: 1, tile: '6-5', on: 0, id: 1, suit: 6, forced: false },
      { type: 'TileDrawn', seat: 2, tile: '5-5', reason: 'turn', forced: true },
      { type: 'TurnPassed', seat: 2, forced: true },
      { type: 'TileDrawn', seat: 3, tile: '4-4', reason: 'turn', forced: true },
      { type: 'TurnPassed', seat: 3, forced: true },
      { type: 'TileDrawn', seat: 0, tile: '6-3', reason: 'turn', forced: true },
    ]);
    expect(game.state.hand?.turn).toBe(0);
  });

  it('with the boneyard empty and nothing playable the seat passes at once', () => {
    // The opening draws empty the boneyard: seat 1 draws 0-0, seat 0 draws 6-6 and places it.
    const game = new Scenario({
      rules: { set: 6, handSize: 13 },
      deals: [
        {
          hands: [
            ['6-5', '6-4', '6-3', '6-2', '6-1', '6-0', '5-5', '5-4', '5-3', '5-2', '5-1', '5-0', '4-4'],
            ['4-3', '4-2', '4-1', '4-0', '3-3', '3-2', '3-1', '3-0', '2-2', '2-1', '2-0', '1-1', '1-0'],
          ],
          boneyard: ['0-0', '6-6'],
        },
      ],
    });
    expect(game.history.slice(-4)).toEqual([
      { type: 'TileDrawn', seat: 1, tile: '0-0', reason: 'opening', forced: true },
      { type: 'TileDrawn', seat: 0, tile: '6-6', reason: 'opening', forced: true },
      { type: 'RootPlaced', seat: 0, tile: '6-6' },
      { type: 'TurnPassed', seat: 1, forced: true },
    ]);
    expect(game.play(0, '6-5', 0)).toEqual([
      { type: 'TilePlayed', seat: 0, tile: '6-5', on: 0, id: 1, suit: 6, forced: false },
      { type: 'TurnPassed', seat: 1, forced: true },
    ]);
  });

  it('a draw or pass sent by a player is refused: the server has already made every one the rules allow', () => {
    const game = drawsAPlayableTile('may-play');
    expect(game.refuse(1, { type: 'draw' })).toMatchObject({ code: 'rules/already-drew' });
    expect(game.refuse(0, { type: 'draw' })).toMatchObject({ code: 'rules/not-your-turn' });
    expect(game.refuse(0, { type: 'pass' })).toMatchObject({ code: 'rules/not-your-turn' });
    // Holding a tile that fits, there is nothing to draw for and no passing (see play.test.ts too).
  });

  it('a state cut short before its forced draw is one decide never leaves: it says so instead of guessing', () => {
    const game = drawsAPlayableTile('may-play');
    // Every event but the automatic draw: seat 1 is in turn with nothing playable and nothing drawn.
    const state = game.history.slice(0, -1).reduce(evolve, initialState());
    const context = { shuffle: () => [] };
    for (const move of [{ type: 'draw' }, { type: 'pass' }] as const) {
      expect(() => decide({ type: 'move', seat: 1, move }, state, context)).toThrow(/no forced draw or pass/);
    }
    expect(legalMoves(state, 1)).toEqual([]);
  });
});
