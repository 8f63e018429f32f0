import { describe as suite, expect, it } from 'vitest';
import type { Commit, Game, GameEvent } from '../api';
import { aspectOf } from './board-view';
import { describe, speakerFor, toNews } from './describe';
import { byHand } from './news-view';
import { seatName } from './seat-names';

/** Ann (seat 0, the viewer), Bob, and a greedy bot in seat 2; hand 3 on the table. */
const view = {
  yourSeat: 0,
  hand: { index: 2 },
  seats: [
    { seat: 0, player: { id: 'a', name: 'Ann' }, bot: null, left: false },
    { seat: 1, player: { id: 'b', name: 'Bob' }, bot: null, left: false },
    { seat: 2, player: null, bot: 'greedy', left: false },
  ],
} as unknown as Game;
const speaker = speakerFor(view, null);
const commit = (version: number, ...events: Partial<GameEvent>[]): Commit =>
  ({ version, at: '2026-12-01T10:00:00.000Z', events }) as Commit;

suite('the sentences of the story', () => {
  it('names a bot by its level and seat', () => {
    expect(seatName(view, 2)).toBe('Greedy bot 3');
    expect(seatName(view, 0, true)).toBe('You');
  });

  it('never lets another seat pass for the viewer: a name that reads as "You" is quoted, with its seat', () => {
    // Names registered before the API refused the word keep it; the page tells them from the viewer.
    for (const name of ['You', 'you', '(YOU)', 'Ｙｏｕ']) {
      const other = {
        ...view,
        seats: view.seats.map((s) => (s.seat === 1 ? { ...s, player: { id: 'b', name } } : s)),
      } as Game;
      const them = speakerFor(other, null);
      expect(seatName(other, 1, true)).toBe(`“${name}” (seat 2)`);
      expect(seatName(other, 0, true)).toBe('You');
      expect(describe({ type: 'TurnPassed', seat: 1 } as GameEvent, them, true)).toBe(`“${name}” (seat 2) passed.`);
      expect(describe({ type: 'TurnPassed', seat: 0 } as GameEvent, them, true)).toBe('You passed.');
      expect(describe({ type: 'SeatTaken', seat: 1, player: { id: 'b', name } } as GameEvent, them, true)).toBe(
        `“${name}” (seat 2) took seat 2.`,
      );
    }
    // Names that only begin with the word stay as they are.
    expect(
      seatName(
        { ...view, seats: [view.seats[0], { ...view.seats[1], player: { id: 'b', name: 'Youssef' } }] } as Game,
        1,
        true,
      ),
    ).toBe('Youssef');
  });

  it('says why a call-out costs what it costs, to the one called out and to the others', () => {
    const out = (seat: number, by: number, penalty: 'draw' | 'skip') =>
      describe({ type: 'ChickenlittleCalledOut', seat, by, penalty } as GameEvent, speaker, true);
    expect(out(0, 2, 'draw')).toBe(
      'Greedy bot 3 called you out: you had one tile left and had not said “Chickenlittle!” when the next tile was placed, so you draw a penalty tile.',
    );
    expect(out(0, 1, 'skip')).toMatch(/so you lose your next turn \(the boneyard is empty\)\.$/);
    expect(out(1, 0, 'draw')).toBe(
      'You called Bob out: one tile left and no “Chickenlittle!” when the next tile was placed, so Bob draws a penalty tile.',
    );
  });

  it('puts each line in its hand, from the hand the story was in', () => {
    const lines = toNews(
      [
        commit(7, { type: 'TurnPassed', seat: 1, forced: true }),
        commit(8, { type: 'HandEnded', hand: 1, out: 0, scores: [0, 5, 9] } as Partial<GameEvent>),
        commit(9, { type: 'HandDealt', hand: 2, opener: '4-4', dealer: 2 } as Partial<GameEvent>),
      ],
      speaker,
      1,
    );
    expect(lines.map((l) => [l.key, l.hand, l.milestone])).toEqual([
      ['7.0', 1, false],
      ['8.0', 1, true],
      ['9.0', 2, false],
    ]);
    expect(lines[1]!.text).toBe('Hand 2 is over: You went out. Points: You 0, Bob 5, Greedy bot 3 9.');
    // Cut by hand, in order: what the page folds.
    expect(byHand(lines).map((p) => [p.hand, p.entries.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});

suite('aspectOf', () => {
  it('gives the box’s shape in quarters, within 0.5 and 2.5', () => {
    expect(aspectOf({ width: 880, height: 448 })).toBe(2);
    expect(aspectOf({ width: 366, height: 472 })).toBe(0.75);
    expect(aspectOf({ width: 3000, height: 300 })).toBe(2.5);
    expect(aspectOf({ width: 100, height: 900 })).toBe(0.5);
    expect(aspectOf({ width: 0, height: 0 })).toBe(1);
  });
});
