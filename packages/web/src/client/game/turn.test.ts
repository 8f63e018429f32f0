import { describe, expect, it } from 'vitest';
import type { Game, Move } from '../api';
import { howItEnded, totalsAfter, winnersLine } from './hand-record';
import { advice, announceable, playsByTile, pressOf, tileless } from './moves';
import { Store } from './store';
import { turnLine } from './turn-line';

/** A two-seat game in play, hand 2 of 7 (double-6), seat 0 (Ann) the viewer; `moves` hers. */
function view(moves: Move[], more: Partial<Game> = {}, hand: Partial<NonNullable<Game['hand']>> = {}): Game {
  const seat = (n: number, name: string) => ({
    seat: n,
    player: { id: `p${n}`, name },
    bot: null,
    left: false,
    away: false,
    timeouts: 0,
    tileCount: 3,
    totalScore: 0,
    chickenlittle: 'none' as const,
  });
  return {
    id: 'g_x',
    version: 12,
    status: 'playing',
    rules: { set: 6, doubleBlank: 50 } as Game['rules'],
    seats: [seat(0, 'Ann'), seat(1, 'Bob')],
    yourSeat: 0,
    hand: { index: 1, turn: 0, drawnBy: null, board: [], openEnds: [] } as unknown as Game['hand'],
    yourTiles: ['6-4', '5-1', '3-3'],
    drawnTile: null,
    legalMoves: moves,
    pastHands: [{ index: 0, dealer: 0, opener: '6-6', reason: 'out', out: 1, scores: [12, 0], hands: [['6-6'], []] }],
    totals: [12, 0],
    winners: null,
    ...more,
    ...(more.hand === undefined
      ? { hand: { index: 1, turn: 0, drawnBy: null, board: [], openEnds: [], ...hand } }
      : {}),
  } as Game;
}

const play = (tile: string, on: number, announce?: boolean): Move => ({
  type: 'play',
  tile,
  on,
  ...(announce ? { announce } : {}),
});

describe('what a tile press does, and what the turn line says', () => {
  const moves = [play('6-4', 0), play('6-4', 3), play('5-1', 2)];

  it('plays a tile that fits one end at once, picks one that fits several or none, puts a picked one back', () => {
    const v = view(moves);
    expect(playsByTile(v)).toEqual(
      new Map([
        ['6-4', new Set([0, 3])],
        ['5-1', new Set([2])],
      ]),
    );
    expect(pressOf(v, null, '5-1')).toEqual({ play: 2 });
    expect(pressOf(v, null, '6-4')).toBe('pick');
    expect(pressOf(v, null, '3-3')).toBe('pick');
    expect(pressOf(v, '6-4', '6-4')).toBe('unpick');
    expect(pressOf(v, '6-4', '5-1')).toEqual({ play: 2 });
  });

  it('tells the player what to do, in a few words', () => {
    const state = (v: Game, selected: string | null = null) => ({
      ...new Store().get(),
      phase: 'ready' as const,
      view: v,
      selected,
    });
    expect(turnLine(state(view(moves)))).toBe('Hand 2 of 7: your turn: pick a highlighted tile.');
    expect(turnLine(state(view(moves), '6-4'))).toBe(
      'Hand 2 of 7: your turn: 6-4 fits 2 ends, pick a highlighted one.',
    );
    expect(turnLine(state(view(moves), '3-3'))).toBe(
      'Hand 2 of 7: your turn: 3-3 fits no end now, pick a highlighted tile.',
    );
    expect(turnLine(state(view([{ type: 'pass' }])))).toBe('Hand 2 of 7: nothing of yours fits: pass.');
    const drew = view([play('6-4', 0), { type: 'pass' }], { drawnTile: '6-4' }, { drawnBy: 0 });
    expect(advice(drew, null)).toBe('you drew a tile that fits: play it or pass');
    expect(turnLine(state(view([{ type: 'announce' }], {}, { turn: 1 })))).toBe(
      'Hand 2 of 7: say “Chickenlittle!” now.',
    );
    expect(turnLine(state(view([], {}, { turn: 1 })))).toBe('Hand 2 of 7: Bob to play.');
    // A hand's end being shown says how it ended, whatever the next hand is doing.
    expect(turnLine({ ...state(view(moves)), ended: { hand: 0 } })).toBe('Hand 1 of 7 is over: Bob went out.');
    expect(turnLine({ ...state(view(moves)), online: false })).toMatch(/\(reconnecting…\)$/);
  });

  it('offers "Chickenlittle!" with a play only where a play leaves one tile; lists the moves that need no tile', () => {
    const v = view([play('6-4', 0, true), play('6-4', 0), { type: 'callout', seat: 1 }]);
    expect(announceable(v)).toBe(true);
    expect(announceable(v, '6-4')).toBe(true);
    expect(announceable(v, '5-1')).toBe(false);
    expect(announceable(view(moves))).toBe(false);
    expect(tileless(v)).toEqual([{ type: 'callout', seat: 1 }]);
  });
});

describe('a hand’s record in words', () => {
  it('says who went out or that it blocked, the totals after each hand, the winners', () => {
    const v = view([], {
      pastHands: [
        { index: 0, dealer: 0, opener: '6-6', reason: 'out', out: 1, scores: [12, 0], hands: [['6-6'], []] },
        { index: 1, dealer: 1, opener: '5-5', reason: 'blocked', out: null, scores: [3, 9], hands: [['2-1'], ['5-4']] },
      ],
    });
    expect(howItEnded(v, 1)).toBe('Bob went out');
    expect(howItEnded(v, 0)).toBe('you went out');
    expect(howItEnded(v, null)).toBe('nobody could play: the hand is blocked');
    expect(totalsAfter(v, 0)).toEqual([12, 0]);
    expect(totalsAfter(v, 1)).toEqual([15, 9]);
    expect(winnersLine(v)).toBeNull();
    expect(winnersLine({ ...v, winners: [1], totals: [15, 9] })).toBe('Bob wins with 9 points!');
    expect(winnersLine({ ...v, winners: [0, 1], totals: [9, 9] })).toBe('You and Bob win with 9 points!');
  });
});
