import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import type { GameEvent } from './events';
import { player, Scenario, stackDeck } from './scenario';
import { selfPlay } from './self-play';
import { fisherYates, seededRandom } from './random';
import { initialState } from './state';
import type { Tile } from './tiles';

const ofType = (events: readonly GameEvent[], type: GameEvent['type']) => events.filter((e) => e.type === type);

describe('opening a hand', () => {
  it('the holder of the opening double places it as part of the deal, and the next seat plays', () => {
    const game = new Scenario({
      rules: { set: 6 },
      deals: [
        {
          hands: [
            ['2-1', '6-6', '3-0'],
            ['6-4', '5-5', '4-0'],
          ],
        },
      ],
    });
    const deck = stackDeck(6, {
      hands: [
        ['2-1', '6-6', '3-0'],
        ['6-4', '5-5', '4-0'],
      ],
    });
    expect(game.history.slice(-4)).toEqual([
      { type: 'SeatTaken', seat: 1, player: player(1) },
      { type: 'GameStarted' },
      {
        type: 'HandDealt',
        hand: 0,
        dealer: 0,
        opener: '6-6',
        hands: [
          ['2-1', '6-6', '3-0'],
          ['6-4', '5-5', '4-0'],
        ],
        boneyard: deck.slice(6),
      },
      { type: 'RootPlaced', seat: 0, tile: '6-6' },
    ]);
    expect(game.state.hand?.turn).toBe(1);
    expect(game.state.hand?.placements).toEqual([{ id: 0, tile: '6-6', on: null, slot: 0, suit: 6, seat: 0 }]);
    expect(game.tiles(0)).toEqual(['2-1', '3-0']);
  });

  it('with nobody holding it, seats draw in turn from the one after the dealer until it turns up', () => {
    const game = new Scenario({
      rules: { set: 6 },
      deals: [
        {
          hands: [
            ['2-1', '3-0', '4-0'],
            ['5-4', '1-0', '2-0'],
            ['3-1', '4-1', '5-1'],
          ],
          boneyard: ['3-3', '2-2', '1-1', '0-0', '6-6', '6-5'],
        },
      ],
    });
    const dealt = game.history.findIndex((e) => e.type === 'HandDealt');
    expect(game.history.slice(dealt + 1, dealt + 7)).toEqual([
      { type: 'TileDrawn', seat: 1, tile: '3-3', reason: 'opening', forced: true },
      { type: 'TileDrawn', seat: 2, tile: '2-2', reason: 'opening', forced: true },
      { type: 'TileDrawn', seat: 0, tile: '1-1', reason: 'opening', forced: true },
      { type: 'TileDrawn', seat: 1, tile: '0-0', reason: 'opening', forced: true },
      { type: 'TileDrawn', seat: 2, tile: '6-6', reason: 'opening', forced: true },
      { type: 'RootPlaced', seat: 2, tile: '6-6' },
    ]);
    // Seat 0 plays next, holds no 6, so it draws at once (6-5) and may play it.
    expect(game.history.slice(dealt + 7)).toEqual([
      { type: 'TileDrawn', seat: 0, tile: '6-5', reason: 'turn', forced: true },
    ]);
    expect(game.state.hand?.turn).toBe(0);
    expect(game.state.hand?.drawnTile).toBe('6-5');
  });

  it('next-highest: the highest unused double someone holds opens; a skipped double opens a later hand', () => {
    // A hand size of 1: the opener's holder places their only tile and is out at once, ending each hand quickly.
    const game = new Scenario({
      rules: { set: 6, opening: 'next-highest', handSize: 1 },
      deals: [
        { hands: [['4-1'], ['5-5']] }, // nobody holds 6-6: 5-5 opens hand 0 instead
        { hands: [['6-6'], ['2-1']] }, // 6-6 was skipped, so it opens hand 1
        { hands: [['3-2'], ['2-1']], boneyard: ['1-0', '4-4'] }, // none held: draw for 4-4, from seat 1 (dealer is 0)
      ],
    });
    const roots = ofType(game.history, 'RootPlaced');
    expect(roots.slice(0, 3)).toEqual([
      { type: 'RootPlaced', seat: 1, tile: '5-5' },
      { type: 'RootPlaced', seat: 0, tile: '6-6' },
      { type: 'RootPlaced', seat: 0, tile: '4-4' },
    ]);
    const third = game.history.findIndex((e) => e.type === 'HandDealt' && e.hand === 2);
    expect(game.history.slice(third + 1, third + 3)).toEqual([
      { type: 'TileDrawn', seat: 1, tile: '1-0', reason: 'opening', forced: true },
      { type: 'TileDrawn', seat: 0, tile: '4-4', reason: 'opening', forced: true },
    ]);
    expect(game.state.openers.slice(0, 3)).toEqual(['5-5', '6-6', '4-4']);
  });

  it('a holder placing their only tile goes out at once and the next hand is dealt', () => {
    const game = new Scenario({ rules: { set: 6, handSize: 1 }, deals: [{ hands: [['6-6'], ['5-4']] }] });
    const ended = ofType(game.history, 'HandEnded')[0];
    expect(ended).toEqual({ type: 'HandEnded', hand: 0, reason: 'out', out: 0, scores: [0, 9], hands: [[], ['5-4']] });
    expect(game.history[game.history.indexOf(ended as GameEvent) + 1]).toMatchObject({
      type: 'HandDealt',
      hand: 1,
      dealer: 1,
      opener: '5-5',
    });
  });

  it.each([
    [6, 3],
    [9, 4],
    [12, 5],
    [15, 2],
  ])('a double-%i game with %i seats plays N+1 hands, opened N-N down to 0-0, dealers in turn', (set, seats) => {
    const { events } = selfPlay({
      seats,
      rules: { set: set as 6 | 9 | 12 | 15 },
      random: seededRandom(set * 10 + seats),
    });
    const deals = events.flatMap((e) => (e.type === 'HandDealt' ? [e] : []));
    expect(deals.map((d) => d.opener)).toEqual(Array.from({ length: set + 1 }, (_, k) => `${set - k}-${set - k}`));
    expect(deals.map((d) => d.dealer)).toEqual(deals.map((_, k) => k % seats));
    expect(ofType(events, 'RootPlaced').map((e) => (e.type === 'RootPlaced' ? e.tile : ''))).toEqual(
      deals.map((d) => d.opener),
    );
    expect(ofType(events, 'HandEnded')).toHaveLength(set + 1);
    expect(events.at(-1)?.type).toBe('GameEnded');
  });

  it.each([
    ['drops a tile', (deck: Tile[]) => deck.slice(1)],
    ['adds a tile', (deck: Tile[]) => [...deck, '0-0']],
    ['repeats a tile', (deck: Tile[]) => [deck[1] as Tile, ...deck.slice(1)]],
    ['swaps in a tile of a larger set', (deck: Tile[]) => ['7-0', ...deck.slice(1)]],
    ['spells a tile the other way round', (deck: Tile[]) => deck.map((t) => (t === '6-5' ? '5-6' : t))],
    ['swaps in text that is no tile', (deck: Tile[]) => ['6-', ...deck.slice(1)]],
  ])('a shuffle that %s is refused at the deal, and a true permutation is not', (_, spoil) => {
    const create = { type: 'create', seats: 2, rules: { set: 6 }, player: player(0) } as const;
    const created = decide(create, initialState(), { shuffle: (t) => t });
    if (!created.ok) throw new Error(created.code);
    const join = { type: 'join', player: player(1) } as const;
    const shuffled = (tiles: readonly Tile[]) => [...fisherYates(seededRandom(3))(tiles)];
    expect(decide(join, created.state, { shuffle: shuffled }).ok).toBe(true);
    expect(() => decide(join, created.state, { shuffle: (tiles) => spoil(shuffled(tiles)) })).toThrow(/permutation/);
  });
});
