import { describe, expect, it } from 'vitest';
import type { Commit, GameEvent } from '../api';
import { boardOfHand, GameLog, handsEnded, tilePoints } from './game-log';

const commit = (version: number, ...events: Partial<GameEvent>[]): Commit =>
  ({ version, at: '2026-12-01T10:00:00.000Z', events }) as Commit;

const played = (id: number, tile: string, on: number, suit: number, seat = 0) =>
  ({ type: 'TilePlayed', id, tile, on, suit, seat, forced: false }) as Partial<GameEvent>;

describe('GameLog', () => {
  it('keeps each commit once, whichever batch brings it, and says which are new', () => {
    const log = new GameLog();
    expect(log.add([commit(1), commit(2)]).fresh.map((c) => c.version)).toEqual([1, 2]);
    // A long-poll asked after 1 answers 2 and 3; a catch-up asked after 1 answers 2, 3 and 4.
    expect(log.add([commit(2), commit(3)]).fresh.map((c) => c.version)).toEqual([3]);
    expect(log.add([commit(4), commit(2), commit(3), commit(4)]).fresh.map((c) => c.version)).toEqual([4]);
    expect(log.add([commit(3)]).fresh).toEqual([]);
    expect(log.heard).toBe(4);
  });

  it('knows the hand a batch starts in: none before the first deal, else the last dealt, unknown when the story starts late', () => {
    const log = new GameLog();
    expect(log.add([commit(1, { type: 'GameCreated' }), commit(2, { type: 'HandDealt', hand: 0 })]).hand).toBeNull();
    expect(log.add([commit(3, { type: 'HandDealt', hand: 1 })]).hand).toBe(0);
    expect(log.add([commit(4)]).hand).toBe(1);
    const late = new GameLog();
    late.skipTo(40);
    expect(late.heard).toBe(40);
    expect(late.add([commit(41)]).hand).toBeUndefined();
    expect(late.add([commit(42, { type: 'HandDealt', hand: 5 }), commit(43)]).hand).toBeUndefined();
    expect(late.add([commit(44)]).hand).toBe(5);
  });
});

describe('boardOfHand', () => {
  it('folds a hand’s root and plays into placements, each in the slot the rules give it', () => {
    const commits = [
      commit(1, { type: 'HandDealt', hand: 0 }, { type: 'RootPlaced', seat: 1, tile: '6-6' }),
      commit(2, played(1, '6-4', 0, 6)),
      commit(3, played(2, '6-1', 0, 6, 1)),
      commit(4, played(3, '4-4', 1, 4)),
      commit(5, played(4, '4-2', 3, 4, 1), played(5, '4-0', 3, 4)),
      commit(
        6,
        { type: 'HandEnded', hand: 0 },
        { type: 'HandDealt', hand: 1 },
        { type: 'RootPlaced', seat: 0, tile: '5-5' },
      ),
      commit(7, played(1, '5-3', 0, 5)),
    ];
    expect(boardOfHand(commits, 0)).toEqual([
      { id: 0, tile: '6-6', on: null, slot: 0, suit: 6, seat: 1 },
      { id: 1, tile: '6-4', on: 0, slot: 0, suit: 6, seat: 0 },
      { id: 2, tile: '6-1', on: 0, slot: 1, suit: 6, seat: 1 },
      { id: 3, tile: '4-4', on: 1, slot: 0, suit: 4, seat: 0 },
      { id: 4, tile: '4-2', on: 3, slot: 0, suit: 4, seat: 1 },
      { id: 5, tile: '4-0', on: 3, slot: 1, suit: 4, seat: 0 },
    ]);
    expect(boardOfHand(commits, 1)!.map((p) => p.tile)).toEqual(['5-5', '5-3']);
    // A hand whose deal is not in the story has no board to tell.
    expect(boardOfHand(commits.slice(1), 0)).toBeNull();
    expect(boardOfHand(commits, 2)).toBeNull();
  });
});

describe('tilePoints and handsEnded', () => {
  it('counts a tile’s pips, the 0-0 as the game says', () => {
    expect(tilePoints('6-4', 50)).toBe(10);
    expect(tilePoints('0-0', 50)).toBe(50);
    expect(tilePoints('0-0', 25)).toBe(25);
    expect(tilePoints('0-0', 0)).toBe(0);
    expect(tilePoints('15-15', 50)).toBe(30);
  });

  it('lists the hands that ended, and whether the game ended with one', () => {
    const commits = [
      commit(5, { type: 'HandEnded', hand: 0 }, { type: 'HandDealt', hand: 1 }),
      commit(9, { type: 'HandEnded', hand: 1 }, { type: 'GameEnded' }),
    ];
    expect(handsEnded(commits)).toEqual([
      { hand: 0, version: 5, gameOver: false },
      { hand: 1, version: 9, gameOver: true },
    ]);
  });
});
