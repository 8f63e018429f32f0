import { describe, expect, it } from 'vitest';
import type { Command } from './commands';
import { decide } from './decide';
import type { GameEvent } from './events';
import { evolve } from './evolve';
import { fisherYates, seededRandom } from './random';
import { player } from './scenario';
import { ERASED_NAME, NO_SETUP } from './setup';
import { initialState, type GameState } from './state';
import { viewFor } from './view';

const context = { shuffle: fisherYates(seededRandom(17)) };

/** Runs commands from `from` (an empty game by default); each must be accepted. */
function given(commands: readonly Command[], from: GameState = initialState()) {
  let state = from;
  const events: GameEvent[] = [];
  for (const command of commands) {
    const done = decide(command, state, context);
    if (!done.ok) throw new Error(`${command.type} refused: ${done.code}`);
    state = done.state;
    events.push(...done.events);
  }
  return { state, events };
}
const create = (seats: number, extra: Partial<Extract<Command, { type: 'create' }>> = {}): Command => ({
  type: 'create',
  seats,
  rules: { set: 6 },
  player: player(0),
  ...extra,
});
const join = (seat: number): Command => ({ type: 'join', player: player(seat) });
const refusal = (command: Command, state: GameState) => {
  const done = decide(command, state, context);
  return done.ok ? 'accepted' : done.code;
};

describe('open games', () => {
  it('given an open creation, then GameCreated says so and the setup keeps it; others are set up as before', () => {
    const { state, events } = given([create(3, { open: true })]);
    expect(events[0]).toMatchObject({ type: 'GameCreated', open: true });
    expect(state.setup).toEqual({ ...NO_SETUP, open: true });
    const plain = given([create(3)]);
    expect(Object.keys(plain.events[0] ?? {})).toEqual(['type', 'rules', 'seats']);
    expect(plain.state.setup).toBe(NO_SETUP);
  });

  it('given an open game, when players join and fill it, then it starts as any game does and stays open on record', () => {
    const { state } = given([create(2, { open: true }), join(1)]);
    expect(state.status).toBe('playing');
    expect(state.setup.open).toBe(true);
  });

  it('given events stored before setups existed, then their game folds with no setup', () => {
    const old = { type: 'GameCreated', rules: given([create(2)]).state.rules, seats: 2 } as GameEvent;
    expect(evolve(initialState(), old).setup).toBe(NO_SETUP);
  });
});

describe('cancelling a waiting game', () => {
  it('given a waiting game, when its creator cancels it, then GameCancelled ends it and who sat where stays', () => {
    const { state, events } = given([create(3), join(1), { type: 'cancel', seat: 0, reason: 'creator' }]);
    expect(events.at(-1)).toEqual({ type: 'GameCancelled', reason: 'creator' });
    expect(state.status).toBe('cancelled');
    expect(state.players).toEqual([player(0), player(1), null]);
    expect(viewFor(state, 1)).toMatchObject({ status: 'cancelled', legalMoves: [], hand: null });
  });

  it('given a waiting game, when another seat asks to cancel it, then it is refused', () => {
    const { state } = given([create(3), join(1)]);
    expect(refusal({ type: 'cancel', seat: 1, reason: 'creator' }, state)).toBe('rules/not-creator');
  });

  it('given a game that waited too long, when the system closes it in the creator’s name, then it is cancelled as stale', () => {
    const { events } = given([create(2), { type: 'cancel', seat: 0, reason: 'stale' }]);
    expect(events.at(-1)).toEqual({ type: 'GameCancelled', reason: 'stale' });
  });

  it('given a cancelled game, then nobody may join, seat a bot, leave, move or cancel it again', () => {
    const { state } = given([create(3), { type: 'cancel', seat: 0, reason: 'creator' }]);
    const commands: Command[] = [
      join(1),
      { type: 'add-bot', by: 0, bot: {} },
      { type: 'leave', seat: 0 },
      { type: 'move', seat: 0, move: { type: 'pass' } },
      { type: 'cancel', seat: 0, reason: 'stale' },
    ];
    expect(commands.map((c) => refusal(c, state))).toEqual(Array(5).fill('rules/game-cancelled'));
  });

  it('given a game in play, then it cannot be cancelled: it can be left', () => {
    const { state } = given([create(2), join(1)]);
    expect(refusal({ type: 'cancel', seat: 0, reason: 'creator' }, state)).toBe('rules/game-started');
    expect(refusal({ type: 'leave', seat: 0 }, state)).toBe('accepted');
  });
});

describe('rematches: the same seats, kept for the same players', () => {
  // The game before: seat 0 player 0, seat 1 a bot, seat 2 player 2; player 2 proposes.
  const reserved = [player(0).id, null, player(2).id];
  const proposal = create(3, {
    player: player(2),
    seat: 2,
    reserved,
    rematchOf: 'g_before',
    bots: [{ seat: 1, level: 'strong' }],
  });

  it('given a rematch proposed by seat 2, then its proposer sits in seat 2, the bot in seat 1, and seat 0 is kept', () => {
    const { state, events } = given([proposal]);
    expect(events.slice(0, 3)).toEqual([
      expect.objectContaining({ type: 'GameCreated', creator: 2, reserved, rematchOf: 'g_before' }),
      { type: 'SeatTaken', seat: 2, player: player(2) },
      { type: 'BotSeated', seat: 1, level: 'strong' },
    ]);
    expect(state.setup).toEqual({ open: false, creator: 2, reserved, rematchOf: 'g_before' });
  });

  it('given a rematch, when the kept player accepts, then they take their own seat and the game starts', () => {
    const { state, events } = given([proposal, join(0)]);
    expect(events).toContainEqual({ type: 'SeatTaken', seat: 0, player: player(0) });
    expect(state.status).toBe('playing');
  });

  it('given a rematch, when anyone else tries to join, then they are refused: it is not theirs', () => {
    expect(refusal(join(5), given([proposal]).state)).toBe('rules/not-invited');
  });

  it('given a rematch, then its proposer is its creator: they may seat a bot in a kept seat, or cancel; the others may not', () => {
    const { state } = given([proposal]);
    expect(refusal({ type: 'add-bot', by: 0, bot: {} }, state)).toBe('rules/not-creator');
    expect(refusal({ type: 'cancel', seat: 2, reason: 'creator' }, state)).toBe('accepted');
    expect(refusal({ type: 'leave', seat: 2 }, state)).toBe('rules/creator-cannot-leave');
    const filled = given([{ type: 'add-bot', by: 2, bot: { seat: 0 } }], state).state;
    expect(filled.status).toBe('playing');
    expect(refusal(join(0), filled)).toBe('rules/game-full');
  });

  it('given a rematch whose seats do not add up, or keep the creator’s seat for another, then it is refused', () => {
    expect(refusal(create(3, { player: player(2), seat: 2, reserved: [null, null] }), initialState())).toBe(
      'rules/invalid-ruleset',
    );
    expect(refusal(create(2, { player: player(2), seat: 1, reserved: ['p0', 'p1'] }), initialState())).toBe(
      'rules/invalid-ruleset',
    );
    expect(refusal(create(2, { seat: 2 }), initialState())).toBe('rules/unknown-seat');
  });
});

describe('erasing a deleted account’s name', () => {
  it('given a waiting game, when a seat’s player is erased, then the seat keeps its id but shows no name', () => {
    const { state } = given([create(3), join(1), { type: 'erase', seat: 1 }]);
    expect(state.players[1]).toEqual({ id: player(1).id, name: ERASED_NAME });
    expect(viewFor(state, 0).seats[1]?.player).toEqual({ id: player(1).id, name: '' });
  });

  it('given a game in play whose player left, when they are erased, then the bot plays on and only the name goes', () => {
    const { state } = given([create(2), join(1), { type: 'leave', seat: 1 }, { type: 'erase', seat: 1 }]);
    expect(state.status).toBe('playing');
    expect(state.bots[1]).toBe('greedy');
    expect(state.players[1]?.name).toBe(ERASED_NAME);
  });

  it('given a free seat, then there is nobody to erase', () => {
    expect(refusal({ type: 'erase', seat: 2 }, given([create(3)]).state)).toBe('rules/unknown-seat');
  });
});
