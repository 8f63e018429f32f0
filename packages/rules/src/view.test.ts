import { describe, expect, it } from 'vitest';
import { redactEvent } from './redact';
import { Scenario } from './scenario';
import { viewFor } from './view';

function game() {
  return new Scenario({
    rules: { set: 6 },
    deals: [
      {
        hands: [
          ['6-6', '1-1', '2-2'],
          ['5-5', '4-4', '3-3'],
          ['6-1', '5-4', '4-2'],
        ],
        boneyard: ['6-5', '0-0'],
      },
    ],
  });
}
const tilesIn = (value: unknown) => JSON.stringify(value).match(/\d+-\d+/g) ?? [];

describe('what each viewer sees', () => {
  it('a seat sees its own tiles and moves, everyone’s counts, the board and the boneyard size', () => {
    const g = game();
    // Seat 1 had no 6 and drew 6-5, which it may play.
    const view = viewFor(g.state, 1);
    expect(view.yourTiles).toEqual(['5-5', '4-4', '3-3', '6-5']);
    expect(view.drawnTile).toBe('6-5');
    expect(view.legalMoves).toEqual([{ type: 'play', tile: '6-5', on: 0 }, { type: 'pass' }]);
    expect(view.seats.map((s) => s.tileCount)).toEqual([2, 4, 3]);
    expect(view.hand).toMatchObject({ index: 0, opener: '6-6', boneyardSize: 28 - 9 - 1, turn: 1, mustFill: 0 });
    expect(view.hand?.openEnds).toEqual([{ on: 0, suit: 6, remaining: 6 }]);
    expect(new Set(tilesIn(view))).toEqual(new Set(['5-5', '4-4', '3-3', '6-5', '6-6']));
  });

  it('another seat does not see what was drawn, nor anyone else’s tiles', () => {
    const g = game();
    const view = viewFor(g.state, 2);
    expect(view.yourTiles).toEqual(['6-1', '5-4', '4-2']);
    expect(view.drawnTile).toBeNull();
    expect(view.legalMoves).toEqual([]);
    expect(new Set(tilesIn(view))).toEqual(new Set(['6-1', '5-4', '4-2', '6-6']));
  });

  it('a spectator sees no tiles but the board', () => {
    const view = viewFor(game().state, null);
    expect(view.viewer).toBeNull();
    expect(view.yourTiles).toBeNull();
    expect(view.legalMoves).toEqual([]);
    expect(tilesIn(view)).toEqual(['6-6', '6-6']); // the board's root and the hand's opener
  });

  it('redacts the deal to the viewer’s own tiles and a draw to the drawer', () => {
    const g = game();
    const dealt = g.history.find((e) => e.type === 'HandDealt');
    const drawn = g.history.at(-1);
    expect(drawn).toMatchObject({ type: 'TileDrawn', seat: 1, tile: '6-5' });
    if (!dealt || !drawn) throw new Error('missing events');

    expect(redactEvent(dealt, 2)).toEqual({
      type: 'HandDealt',
      hand: 0,
      dealer: 0,
      opener: '6-6',
      tiles: ['6-1', '5-4', '4-2'],
      tileCounts: [3, 3, 3],
      boneyardSize: 19,
    });
    expect(redactEvent(dealt, null)).not.toHaveProperty('tiles');
    expect(redactEvent(drawn, 1)).toEqual(drawn);
    expect(redactEvent(drawn, 0)).toEqual({ type: 'TileDrawn', seat: 1, reason: 'turn', forced: true });
    expect(redactEvent(drawn, null)).not.toHaveProperty('tile');
  });

  it('everyone sees that the seat in turn has drawn and is deciding; only the drawer sees the tile', () => {
    const g = game();
    for (const viewer of [0, 1, 2, null]) expect(viewFor(g.state, viewer).hand?.drawnBy).toBe(1);
    expect(viewFor(g.state, 1).drawnTile).toBe('6-5');
    expect(viewFor(g.state, 2).drawnTile).toBeNull();
    g.play(1, '6-5', 0); // seat 2 then holds 6-1: no draw
    expect(viewFor(g.state, null).hand?.drawnBy).toBeNull();
  });

  it('each placement says where it sits: the spoke index on the root, the toe index on a double', () => {
    const g = new Scenario({
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
    const plays = [
      [1, '6-4', 0],
      [0, '6-5', 0],
      [1, '6-2', 0],
      [0, '6-3', 0],
      [1, '5-5', 2],
      [0, '5-1', 5],
      [1, '5-2', 5],
      [0, '5-0', 5],
      [1, '4-3', 1],
    ] as const;
    for (const [seat, tile, on] of plays) g.play(seat, tile, on);
    const board = viewFor(g.state, null).hand?.board ?? [];
    expect(board.map((p) => [p.tile, p.on, p.slot])).toEqual([
      ['6-6', null, 0],
      ['6-4', 0, 0],
      ['6-5', 0, 1],
      ['6-2', 0, 2],
      ['6-3', 0, 3],
      ['5-5', 2, 0],
      ['5-1', 5, 0],
      ['5-2', 5, 1],
      ['5-0', 5, 2],
      ['4-3', 1, 0],
    ]);
  });
});
