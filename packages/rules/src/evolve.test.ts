import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import { evolve } from './evolve';
import { Scenario } from './scenario';
import { initialState } from './state';

describe('evolve is total', () => {
  it('leaves the state as it is for an event that does not fit its phase', () => {
    const empty = initialState();
    const played: GameEvent = { type: 'TilePlayed', seat: 0, tile: '6-5', on: 0, id: 1, suit: 6, forced: false };
    expect(evolve(empty, played)).toBe(empty);
    expect(evolve(empty, { type: 'GameEnded', totals: [], winners: [] })).toBe(empty);

    const game = new Scenario({ rules: { set: 6 }, seats: 2 });
    expect(game.state.status).toBe('playing');
    expect(evolve(game.state, { type: 'GameCreated', rules: game.state.rules!, seats: 2 })).toBe(game.state);
    expect(evolve(game.state, { type: 'SeatTaken', seat: 1, player: { id: 'x', name: 'X' } })).toBe(game.state);
  });

  it('folds an event type it does not know (say, from a newer version) without changing the hand', () => {
    const game = new Scenario({ rules: { set: 6 }, seats: 2 });
    const next = evolve(game.state, { type: 'SomethingNew', seat: 0 } as unknown as GameEvent);
    expect(next).toEqual(game.state);
  });

  it('a game is in play only once the first hand is dealt: GameStarted alone changes nothing', () => {
    const game = new Scenario({ rules: { set: 6 }, seats: 2 });
    const started = game.history.findIndex((e) => e.type === 'GameStarted');
    const before = game.history.slice(0, started).reduce(evolve, initialState());
    expect(before.status).toBe('waiting');
    expect(evolve(before, { type: 'GameStarted' })).toBe(before);
    expect(game.history.slice(0, started + 2).reduce(evolve, initialState()).status).toBe('playing');
  });
});
