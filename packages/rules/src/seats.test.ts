import { describe, expect, it } from 'vitest';
import type { BotRequest, Command } from './commands';
import { decide } from './decide';
import type { GameEvent } from './events';
import { evolve } from './evolve';
import { fisherYates, seededRandom } from './random';
import { findGame, player, Scenario } from './scenario';
import { initialState, type GameState } from './state';
import { viewFor } from './view';

const context = { shuffle: fisherYates(seededRandom(11)) };

/** Runs commands from an empty game; each must be accepted. Returns the state and every event. */
function given(...commands: Command[]): { state: GameState; events: GameEvent[] } {
  let state = initialState();
  const events: GameEvent[] = [];
  for (const command of commands) {
    const done = decide(command, state, context);
    if (!done.ok) throw new Error(`${command.type} refused: ${done.code}`);
    state = done.state;
    events.push(...done.events);
  }
  return { state, events };
}
const create = (seats: number, bots: readonly BotRequest[] = [], rules = {}): Command => ({
  type: 'create',
  seats,
  rules: { set: 6, ...rules },
  player: player(0),
  bots,
});
const join = (seat: number): Command => ({ type: 'join', player: player(seat) });
const types = (events: readonly GameEvent[]) => events.map((e) => e.type);

describe('bot seats', () => {
  it('given a creation with bots, then they take the lowest free seats after the creator, at the game’s botLevel unless named', () => {
    const { state, events } = given(create(4, [{ level: 'random' }, {}], { botLevel: 'strong' }));
    expect(events.slice(2)).toEqual([
      { type: 'BotSeated', seat: 1, level: 'random' },
      { type: 'BotSeated', seat: 2, level: 'strong' },
    ]);
    expect(state.status).toBe('waiting');
    expect(state.bots).toEqual([null, 'random', 'strong', null]);
    expect(state.players).toEqual([player(0), null, null, null]);
  });

  it('given bots with seats named, when a player joins, then they take the lowest seat no bot took', () => {
    const { state, events } = given(create(4, [{ seat: 1 }, { seat: 3 }]), join(1));
    expect(events).toContainEqual({ type: 'SeatTaken', seat: 2, player: player(1) });
    // Two players and two bots fill four seats: that join started the game.
    expect(state.status).toBe('playing');
    expect(decide(join(2), state, context)).toMatchObject({ ok: false, code: 'rules/game-full' });
  });

  it('given one player and bots that fill the game, then the creation itself starts it and deals', () => {
    const { state, events } = given(create(3, [{}, {}]));
    expect(types(events).slice(0, 6)).toEqual([
      'GameCreated',
      'SeatTaken',
      'BotSeated',
      'BotSeated',
      'GameStarted',
      'HandDealt',
    ]);
    expect(state.status).toBe('playing');
  });

  it('given a waiting game, when its creator seats a bot in the last free seat, then the game starts', () => {
    const { state, events } = given(create(3), join(1), { type: 'add-bot', by: 0, bot: { level: 'random' } });
    expect(types(events)).toContain('GameStarted');
    expect(events).toContainEqual({ type: 'BotSeated', seat: 2, level: 'random' });
    expect(state.status).toBe('playing');
  });

  it('given a waiting game, when another player or a taken seat is asked for a bot, then it is refused and nothing changes', () => {
    const { state } = given(create(3), join(1));
    expect(decide({ type: 'add-bot', by: 1, bot: {} }, state, context)).toMatchObject({ code: 'rules/not-creator' });
    expect(decide({ type: 'add-bot', by: 0, bot: { seat: 1 } }, state, context)).toMatchObject({
      code: 'rules/seat-taken',
    });
    expect(decide(create(2, [{ seat: 1 }, { seat: 1 }]), initialState(), context)).toMatchObject({
      code: 'rules/seat-taken',
    });
  });

  it('every viewer sees which seats bots play, at what level', () => {
    const { state } = given(create(3, [{ seat: 2, level: 'greedy' }]), join(1));
    for (const viewer of [0, 1, 2, null]) {
      expect(viewFor(state, viewer).seats.map(({ player, bot, left }) => ({ player, bot, left }))).toEqual([
        { player: player(0), bot: null, left: false },
        { player: player(1), bot: null, left: false },
        { player: null, bot: 'greedy', left: false },
      ]);
    }
  });
});

describe('leaving a game waiting for players', () => {
  it('given a player seated in a waiting game, when they leave, then their seat is free again for the next joiner', () => {
    const { state, events } = given(create(3), join(1), { type: 'leave', seat: 1 }, join(3), join(2));
    expect(events.slice(2)).toEqual([
      { type: 'SeatTaken', seat: 1, player: player(1) },
      { type: 'SeatLeft', seat: 1, bot: null },
      { type: 'SeatTaken', seat: 1, player: player(3) },
      { type: 'SeatTaken', seat: 2, player: player(2) },
      ...events.slice(6),
    ]);
    expect(events[6]?.type).toBe('GameStarted');
    expect(state.status).toBe('playing');
    expect(state.players).toEqual([player(0), player(3), player(2)]);
  });

  it('given a player who left a waiting game, then they are no longer in it and may join again', () => {
    const { state } = given(create(3), join(1), { type: 'leave', seat: 1 });
    expect(state.players).toEqual([player(0), null, null]);
    expect(decide(join(1), state, context).ok).toBe(true);
  });

  it('given a waiting game, when its creator leaves, then it is refused: the game is theirs until it starts', () => {
    const { state } = given(create(3), join(1));
    expect(decide({ type: 'leave', seat: 0 }, state, context)).toMatchObject({
      ok: false,
      code: 'rules/creator-cannot-leave',
    });
  });
});

describe('leaving a game in play', () => {
  it('given a game in play, when a player leaves, then a bot at the game’s botLevel plays their seat as it stands', () => {
    const { state: before } = given(create(3, [], { botLevel: 'random' }), join(1), join(2));
    const seat = before.hand?.turn as number;
    const done = decide({ type: 'leave', seat }, before, context);
    if (!done.ok) throw new Error(done.code);
    expect(done.events).toEqual([{ type: 'SeatLeft', seat, bot: 'random' }]);
    const after = done.state;
    expect(after.status).toBe('playing');
    expect(after.bots[seat]).toBe('random');
    // The player stays on record; the hand (tiles, turn, statuses) is exactly as it was.
    expect(after.players).toEqual(before.players);
    expect(after.hand).toBe(before.hand);
    expect(viewFor(after, null).seats[seat]).toMatchObject({ player: player(seat), bot: 'random', left: true });
    // The bot's seat has the moves the player had.
    expect(viewFor(after, seat).legalMoves).toEqual(viewFor(before, seat).legalMoves);
  });

  it('given a seat a bot plays, when it is left again, then it is refused (already-left); a finished game cannot be left', () => {
    const { state } = given(create(2), join(1), { type: 'leave', seat: 1 });
    expect(decide({ type: 'leave', seat: 1 }, state, context)).toMatchObject({ code: 'rules/already-left' });
    const { state: bots } = given(create(2, [{}]));
    expect(decide({ type: 'leave', seat: 1 }, bots, context)).toMatchObject({ code: 'rules/already-left' });
    // A hand size of 1, every opener held: its holder goes out at once, so the game is over at the deal.
    const over = new Scenario({
      rules: { set: 6, handSize: 1 },
      deals: ['6-6', '5-5', '4-4', '3-3', '2-2', '1-1', '0-0'].map((opener) => ({ hands: [[opener], ['2-1']] })),
    }).state;
    expect(over.status).toBe('finished');
    expect(decide({ type: 'leave', seat: 0 }, over, context)).toMatchObject({ code: 'rules/game-finished' });
  });

  it('given a game left by every player, then bots play every seat and the game goes on', () => {
    const { state } = given(create(2, [{}]), { type: 'leave', seat: 0 });
    expect(state.bots).toEqual(['greedy', 'greedy']);
    expect(state.status).toBe('playing');
  });

  it('given a seat pending Chickenlittle, when its player leaves, then it stays pending and the bot may announce for it', () => {
    const game = findGame({ rules: { set: 6 }, seats: 3 }, (s) => s.hand?.chickenlittle.includes('pending') ?? false);
    const seat = game.state.hand?.chickenlittle.indexOf('pending') as number;
    game.command({ type: 'leave', seat });
    expect(game.state.hand?.chickenlittle[seat]).toBe('pending');
    expect(viewFor(game.state, seat).legalMoves).toContainEqual({ type: 'announce' });
    game.move(seat, { type: 'announce' });
    expect(game.state.hand?.chickenlittle[seat]).toBe('announced');
  });

  it('given a seat with a lapse (vulnerable), when its player leaves, then the others may still call it out', () => {
    const game = findGame(
      { rules: { set: 6 }, seats: 3 },
      (s) => s.hand?.chickenlittle.includes('vulnerable') ?? false,
    );
    const seat = game.state.hand?.chickenlittle.indexOf('vulnerable') as number;
    const other = (seat + 1) % 3;
    game.command({ type: 'leave', seat });
    expect(game.state.hand?.chickenlittle[seat]).toBe('vulnerable');
    expect(viewFor(game.state, other).legalMoves).toContainEqual({ type: 'callout', seat });
    const events = game.move(other, { type: 'callout', seat });
    expect(events[0]).toMatchObject({ type: 'ChickenlittleCalledOut', seat, by: other });
  });

  it('evolve ignores seat events that do not fit the phase', () => {
    const { state } = given(create(2), join(1));
    expect(evolve(state, { type: 'BotSeated', seat: 1, level: 'greedy' })).toBe(state);
    expect(evolve(initialState(), { type: 'SeatLeft', seat: 0, bot: 'greedy' })).toEqual(initialState());
  });
});
