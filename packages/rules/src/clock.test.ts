import { describe, expect, it } from 'vitest';
import { evolve } from './evolve';
import type { RulesetOptions } from './ruleset';
import { Scenario } from './scenario';
import { viewFor } from './view';

// Double-6, four spokes. Seat 0 placed 6-6 with the deal; seat 1 is to play and holds 6-4 and 6-2.
const DEAL = {
  hands: [
    ['6-6', '6-5', '6-3', '5-1', '5-0', '4-4', '1-0'],
    ['6-4', '6-2', '5-5', '5-2', '4-3', '2-1', '3-3'],
  ],
};
const clocked = (rules: RulesetOptions = {}) =>
  new Scenario({ rules: { set: 6, spokes: 4, turnHours: 24, ...rules }, deals: [DEAL] });
const types = (events: readonly { type: string }[]) => events.map((e) => e.type);
const seatView = (game: Scenario, seat: number) => viewFor(game.state, seat).seats[seat];

/** Seat 1 times out twice in a row (6-4, then 6-2, on the root), seat 0 playing 6-5 in between. */
function twoTimeouts(rules: RulesetOptions = {}) {
  const game = clocked(rules);
  game.command({ type: 'timeout', seat: 1, move: { type: 'play', tile: '6-4', on: 0 } });
  game.play(0, '6-5', 0);
  const events = game.command({ type: 'timeout', seat: 1, move: { type: 'play', tile: '6-2', on: 0 } });
  return { game, events };
}

describe('the turn clock', () => {
  it('given a game without a clock, then nothing times out and the views show no clock', () => {
    const game = new Scenario({ rules: { set: 6, spokes: 4 }, deals: [DEAL] });
    expect(game.state.clock).toBeNull();
    expect(seatView(game, 1)).toMatchObject({ timeouts: 0, away: false });
    expect(viewFor(game.state, 0).extraHours).toBe(0);
    const refused = game.tryCommand({ type: 'timeout', seat: 1, move: { type: 'play', tile: '6-4', on: 0 } });
    expect(refused).toMatchObject({ ok: false, code: 'rules/no-clock' });
  });

  it('given a clocked game, when the seat in turn times out, then the timeout is recorded with the move its bot made and the game goes on', () => {
    const game = clocked();
    const events = game.command({ type: 'timeout', seat: 1, move: { type: 'play', tile: '6-4', on: 0 } });
    expect(events).toEqual([
      { type: 'TurnTimedOut', seat: 1 },
      { type: 'TilePlayed', seat: 1, tile: '6-4', on: 0, id: 1, suit: 6, forced: false },
    ]);
    expect(game.state.hand?.turn).toBe(0);
    for (const viewer of [0, 1, null]) {
      expect(viewFor(game.state, viewer).seats[1]).toMatchObject({ timeouts: 1, away: false, bot: null });
    }
  });

  it('given a seat that timed out awayAfter turns in a row, then it is away: its bot plays it and its turns never time out', () => {
    const { game, events } = twoTimeouts();
    expect(types(events)).toEqual(['TurnTimedOut', 'SeatAway', 'TilePlayed']);
    expect(seatView(game, 1)).toMatchObject({ timeouts: 2, away: true, bot: 'greedy', left: false });
    game.play(0, '6-3', 0);
    const refused = game.tryCommand({ type: 'timeout', seat: 1, move: { type: 'play', tile: '4-3', on: 1 } });
    expect(refused).toMatchObject({ ok: false, code: 'rules/no-deadline' });
  });

  it('given an away seat, when its bot moves, then its player stays away; when its player moves, then they are back first', () => {
    const { game } = twoTimeouts();
    game.play(0, '6-3', 0);
    const bot = game.command({ type: 'move', seat: 1, move: { type: 'play', tile: '4-3', on: 1 }, byBot: true });
    expect(types(bot)).toEqual(['TilePlayed']);
    expect(seatView(game, 1)?.away).toBe(true);
    game.play(0, '5-1', 2);
    const back = game.play(1, '2-1', 3);
    expect(types(back)).toEqual(['SeatReturned', 'TilePlayed']);
    expect(seatView(game, 1)).toMatchObject({ away: false, bot: null, timeouts: 2 });
  });

  it('given a seat that timed out once, when its player moves, then its timeouts in a row start over', () => {
    const game = clocked();
    game.command({ type: 'timeout', seat: 1, move: { type: 'play', tile: '6-4', on: 0 } });
    game.play(0, '6-5', 0);
    expect(types(game.play(1, '6-2', 0))).toEqual(['SeatReturned', 'TilePlayed']);
    game.play(0, '6-3', 0);
    // A timeout now is the first in a row again: not enough to be away with awayAfter 2.
    expect(types(game.command({ type: 'timeout', seat: 1, move: { type: 'play', tile: '4-3', on: 1 } }))).toEqual([
      'TurnTimedOut',
      'TilePlayed',
    ]);
    expect(seatView(game, 1)).toMatchObject({ timeouts: 2, away: false });
    // Seat 0 never timed out: its moves record nothing more.
    expect(types(game.play(0, '5-1', 2))).toEqual(['TilePlayed']);
  });

  it('given an away seat, when its player returns, then the seat is theirs; a seat that is not away cannot return', () => {
    const { game } = twoTimeouts();
    expect(game.command({ type: 'return', seat: 1 })).toEqual([{ type: 'SeatReturned', seat: 1 }]);
    expect(seatView(game, 1)).toMatchObject({ away: false, bot: null });
    expect(game.tryCommand({ type: 'return', seat: 1 })).toMatchObject({ ok: false, code: 'rules/not-away' });
  });

  it('with awayAfter 1, one timeout makes a seat away', () => {
    const game = clocked({ awayAfter: 1 });
    const events = game.command({ type: 'timeout', seat: 1, move: { type: 'play', tile: '6-4', on: 0 } });
    expect(types(events)).toEqual(['TurnTimedOut', 'SeatAway', 'TilePlayed']);
  });

  it('given a clocked game, when another player gives the seat in turn more time, then it adds up, at most the turn time, for that turn only', () => {
    const game = clocked();
    expect(game.command({ type: 'give-time', by: 0, hours: 10 })).toEqual([
      { type: 'TimeGiven', seat: 1, by: 0, hours: 10 },
    ]);
    game.command({ type: 'give-time', by: 0, hours: 14 });
    expect(viewFor(game.state, 1).extraHours).toBe(24);
    expect(game.tryCommand({ type: 'give-time', by: 0, hours: 1 })).toMatchObject({
      ok: false,
      code: 'rules/too-much-time',
      message: expect.stringContaining('all the extra time'),
    });
    expect(game.tryCommand({ type: 'give-time', by: 1, hours: 1 })).toMatchObject({ code: 'rules/cannot-give-self' });
    game.play(1, '6-4', 0);
    expect(viewFor(game.state, 0).extraHours).toBe(0);
    expect(game.tryCommand({ type: 'give-time', by: 1, hours: 0.5 })).toMatchObject({ code: 'rules/too-much-time' });
  });

  it('given a player who timed out, when they give another more time, then they are back too', () => {
    const game = clocked();
    game.command({ type: 'timeout', seat: 1, move: { type: 'play', tile: '6-4', on: 0 } });
    expect(types(game.command({ type: 'give-time', by: 1, hours: 2 }))).toEqual(['SeatReturned', 'TimeGiven']);
  });

  it('given an away seat, when its player leaves, then it is its bot’s for good and no longer away', () => {
    const { game } = twoTimeouts();
    game.command({ type: 'leave', seat: 1 });
    expect(seatView(game, 1)).toMatchObject({ away: false, left: true, bot: 'greedy' });
    expect(game.tryCommand({ type: 'return', seat: 1 })).toMatchObject({ code: 'rules/not-away' });
  });

  it('a timeout whose move the rules refuse records nothing', () => {
    const game = clocked();
    const refused = game.tryCommand({ type: 'timeout', seat: 1, move: { type: 'play', tile: '5-5', on: 0 } });
    expect(refused).toMatchObject({ ok: false, code: 'rules/suit-mismatch' });
    expect(game.state.clock?.timeouts).toEqual([0, 0]);
  });

  it('evolve leaves a game without a clock as it is for a clock event', () => {
    const game = new Scenario({ rules: { set: 6, spokes: 4 }, deals: [DEAL] });
    expect(evolve(game.state, { type: 'TurnTimedOut', seat: 1 })).toBe(game.state);
  });
});
